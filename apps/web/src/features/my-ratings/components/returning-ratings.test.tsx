// ADR 0030 against the real API, on a server that holds anonymous ratings as production does: a
// moderator suspends an author and reinstates them; their named rating is back at once, and their
// anonymous one waits for the next day's release. My Ratings tells its author so, in place of
// "Hidden by moderators", while the rated company still sees nothing of it.
import { screen, within } from '@testing-library/react';
import type { ProfileResponse } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import {
  releaseHeldRatings,
  releaseLeavingRatings,
} from '../../../../../server/src/modules/ratings/release.ts';
import { createModerator, loginAs } from '../../../../../server/test/fixtures.ts';
import { MyRatings } from './my-ratings';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi({ ANONYMOUS_HOLD: 'day' });
});
afterAll(() => live?.close());

const nextDay = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

it("a reinstated author's anonymous rating is marked to come back tomorrow, and their named one is back", async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const [quiet, open] = [
    await live.signUp({ user_role: 'employer' }),
    await live.signUp({ user_role: 'employer' }),
  ];
  await live.rate(employee, quiet, { is_anonymous: true, feedback_message: 'Said quietly.' });
  await releaseHeldRatings(live.ctx.deps.db, { now: nextDay() });
  await live.rate(employee, open, { feedback_message: 'Said openly.' });
  const moderator = await createModerator(live.ctx);
  for (const action of ['suspend', 'reinstate']) {
    const done = await live.call('POST', `/api/moderation/users/${employee.user.id}/${action}/`, {
      token: moderator.access,
      body: { reason: 'Checked by a moderator' },
    });
    expect(done.status).toBe(200);
    // Its anonymous rating leaves with the next day's release, not in the minute of the suspension.
    if (action === 'suspend') await releaseLeavingRatings(live.ctx.deps.db, { now: nextDay() });
  }

  // The suspension ended the author's sessions: they sign in again.
  live.signInPage({ ...employee, ...(await loginAs(live.ctx.app, employee.email, employee.password)) });
  renderWithProviders(<MyRatings renderDisputes={() => null} />, { path: '/my-ratings?tab=given' });
  const quietCard = (await screen.findByText('Said quietly.')).closest('li') as HTMLElement;
  expect(within(quietCard).getByText('Published tomorrow')).toBeTruthy();
  expect(within(quietCard).queryByText('Hidden by moderators')).toBeNull();
  expect(
    within(quietCard).getByText(/Your account is back\. This anonymous rating is published at the start/),
  ).toBeTruthy();
  const openCard = screen.getByText('Said openly.').closest('li') as HTMLElement;
  expect(within(openCard).queryByText('Published tomorrow')).toBeNull();
  expect(within(openCard).queryByText('Hidden by moderators')).toBeNull();

  // The rated company sees nothing of it yet.
  const profile = await live.call<ProfileResponse>('GET', `/api/core/users/${quiet.user.id}/profile/`, {
    token: quiet.access,
  });
  expect(profile.body.all_ratings).toEqual([]);
});
