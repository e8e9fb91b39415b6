// The moderators' page against the real API: queues are shared, so a tab opened again shows what
// another moderator or a reader changed meanwhile, not the answer it had a moment ago.
import { screen } from '@testing-library/react';
import { PERSON_FLAG_REASONS } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { ModerationPage } from './moderation-page';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('reads a queue afresh when its tab is opened again', async () => {
  const reader = await live.signUp();
  const company = await live.signUp({ user_role: 'employer' });
  const flag = async (text: string) => {
    const written = await live.rate(await live.signUp(), company, {
      feedback_message: text,
    });
    const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
      token: reader.access,
      body: { reason: PERSON_FLAG_REASONS[0] },
    });
    expect(flagged.status).toBe(201);
  };
  await flag('The first flagged review.');
  const moderator = await createModerator(live.ctx);
  live.signInPage(moderator);

  const { user } = renderWithProviders(<ModerationPage />, { path: '/moderation' });
  expect(await screen.findByText('The first flagged review.')).toBeTruthy();
  // Flagged while the moderator looks at another tab.
  await user.click(screen.getByRole('tab', { name: 'Resolved' }));
  await flag('A review flagged meanwhile.');
  await user.click(screen.getByRole('tab', { name: 'Open Flags' }));
  expect(await screen.findByText('A review flagged meanwhile.')).toBeTruthy();
  expect(screen.getByText('The first flagged review.')).toBeTruthy();
});
