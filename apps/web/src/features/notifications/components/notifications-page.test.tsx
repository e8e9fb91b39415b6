// The Notifications page against the real API: a reporter reads what came of a report (ADR 0034), the
// dismissal's reason, the way on from it, and a View link a screen reader can tell apart.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { NotificationsPage } from './notifications-page';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it("tells a reporter a kept rating's reason and the way to the Grievance Officer; a hidden one, no reason", async () => {
  const reporter = await live.signUp();
  const company = await live.signUp({ user_role: 'employer', full_name: 'Kaveri Foods' });
  const moderator = await createModerator(live.ctx);
  const report = async (text: string) => {
    const written = await live.rate(await live.signUp(), company, {
      feedback_message: text,
    });
    const flagged = await live.call<{ id: number }>('POST', `/api/core/ratings/${written.id}/flag/`, {
      token: reporter.access,
      body: { reason: 'FAKE' },
    });
    expect(flagged.status).toBe(201);
    return { rating: written.id, flag: flagged.body.id };
  };
  const kept = await report('Kept after a look.');
  const hidden = await report('Hidden after a look.');
  const act = (path: string, reason: string) =>
    live.call('POST', `/api/moderation/${path}`, { token: moderator.access, body: { reason } });
  expect((await act(`flags/${kept.flag}/dismiss/`, 'It describes the work, not a person')).status).toBe(200);
  expect((await act(`ratings/${hidden.rating}/hide/`, 'Copied from another site')).status).toBe(200);

  live.signInPage(reporter);
  renderWithProviders(<NotificationsPage />, { path: '/notifications' });
  const keptText = await screen.findByText(
    "Moderators read your report about a rating on Kaveri Foods's profile (Fake or not a real experience) and did not hide the rating for it.",
  );
  expect(screen.getByText('Reason: It describes the work, not a person')).toBeTruthy();
  expect(
    screen
      .getByRole('link', { name: 'Still think it is wrong? Write to the Grievance Officer' })
      .getAttribute('href'),
  ).toBe('/grievance');
  expect(
    screen.getByText(
      "Moderators hid a rating you reported on Kaveri Foods's profile (Fake or not a real experience). Thank you for reporting it.",
    ),
  ).toBeTruthy();
  expect(screen.queryByText(/Copied from another site/)).toBeNull();
  // Each View link is described by its own notice, and opens the rated profile.
  const views = screen.getAllByRole('link', { name: 'View' });
  expect(views).toHaveLength(2);
  const keptView = views.find((link) => link.getAttribute('aria-describedby') === keptText.id);
  expect(keptView?.getAttribute('href')).toBe(`/user/${company.user.id}`);
});

it('links to the mail settings, on the account page, where they are', async () => {
  live.signInPage(await live.signUp());
  renderWithProviders(<NotificationsPage />, { path: '/notifications' });
  expect(await screen.findByText('Nothing yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Mail settings' }).getAttribute('href')).toBe(
    '/profile#mail-settings',
  );
});
