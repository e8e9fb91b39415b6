// "Notifications by mail" against the real API: each role is offered the kinds of mail it can be sent,
// so an employer is not asked about a work email's verification, which only employees make.
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { NotificationSettingsCard } from './notification-settings-card';

const SETTINGS_URL = '/api/auth/notification-settings/';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('offers an employee the mail of a verified work email, and an employer not', async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  live.signInPage(employee);
  const asEmployee = renderWithProviders(<NotificationSettingsCard userRole="employee" />);
  expect(await screen.findByLabelText('Your work email verified')).toBeTruthy();
  expect(screen.getByLabelText('Someone rated you')).toBeTruthy();
  asEmployee.unmount();

  const employer = await live.signUp({ user_role: 'employer' });
  live.signInPage(employer);
  renderWithProviders(<NotificationSettingsCard userRole="employer" />);
  expect(await screen.findByLabelText('Someone rated you')).toBeTruthy();
  expect(screen.queryByLabelText('Your work email verified')).toBeNull();
});

it('says "Saved" once a change is stored, and that an anonymous rating is never mailed about', async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  live.signInPage(employee);
  const { user } = renderWithProviders(<NotificationSettingsCard userRole="employee" />);
  const rated = await screen.findByLabelText('Someone rated you');
  expect(screen.queryByText('Saved')).toBeNull();
  expect(
    screen.getByText(/a rating you wrote anonymously .* is shown under the bell only, never mailed/),
  ).toBeTruthy();

  await user.click(rated);
  expect(await screen.findByText('Saved')).toBeTruthy();
  const stored = await live.call<{ email: Record<string, boolean> }>('GET', SETTINGS_URL, {
    token: employee.access,
  });
  expect(stored.body.email.rating_received).toBe(false);
});

it('is brought into view when opened from the notifications page’s link', async () => {
  const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
  live.signInPage(await live.signUp());
  renderWithProviders(<NotificationSettingsCard userRole="employee" />, { path: '/profile#mail-settings' });
  await screen.findByLabelText('Someone rated you');
  const card = document.getElementById('mail-settings');
  expect(card?.textContent).toContain('Notifications by mail');
  await waitFor(() => expect(scrolled.mock.contexts).toContain(card));
});
