// ADR 0030 against the real API, on a server that holds anonymous ratings as production does: a
// flagged anonymous rating's card says it leaves tomorrow once its rater is suspended, then offers no
// restore while they are (their ratings come back with their reinstatement), and once they are reinstated says it comes back with the next day's
// release and offers to keep it hidden, not to publish it now; one whose author deleted their account
// with their ratings says it is deleted tomorrow.
import { screen } from '@testing-library/react';
import { type FlagsResponse, PERSON_FLAG_REASONS } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import {
  releaseErasedRatings,
  releaseHeldRatings,
  releaseLeavingRatings,
} from '../../../../../server/src/modules/ratings/release.ts';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { FlaggedRatingCard } from './flagged-rating-card';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi({ ANONYMOUS_HOLD: 'day' });
});
afterAll(() => live?.close());

const nextDay = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

it("a moderator's card offers no restore while the rater is suspended, and says a reinstated one's anonymous rating comes back tomorrow", async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const [company, reporter] = [await live.signUp({ user_role: 'employer' }), await live.signUp()];
  const written = await live.rate(employee, company, { is_anonymous: true, feedback_message: 'Flag me.' });
  await releaseHeldRatings(live.ctx.deps.db, { now: nextDay() });
  const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
    token: reporter.access,
    body: { reason: PERSON_FLAG_REASONS[0] },
  });
  expect(flagged.status).toBe(201);
  const moderator = await createModerator(live.ctx);
  const moderate = (action: string) =>
    live.call('POST', `/api/moderation/users/${employee.user.id}/${action}/`, {
      token: moderator.access,
      body: { reason: 'Checked by a moderator' },
    });
  const card = async () => {
    const queue = await live.call<FlagsResponse>('GET', '/api/moderation/flags/?status=open', {
      token: moderator.access,
    });
    const item = queue.body.results.find((entry) => entry.rating.id === written.id);
    if (!item) throw new Error('the flagged rating is not in the queue');
    return renderWithProviders(<FlaggedRatingCard item={item} />);
  };

  expect((await moderate('suspend')).status).toBe(200);
  // Still published until the next day's release, which the card says; it may be hidden for cause now.
  const leaving = await card();
  expect(await screen.findByText('Hidden tomorrow')).toBeTruthy();
  expect(screen.getByText('Published')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Hide rating/ })).toBeTruthy();
  leaving.unmount();
  await releaseLeavingRatings(live.ctx.deps.db, { now: nextDay() });
  const suspended = await card();
  expect(await screen.findByRole('button', { name: /Reinstate rater/ })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Restore rating/ })).toBeNull();
  expect(screen.queryByText('Hidden tomorrow')).toBeNull();
  suspended.unmount();

  expect((await moderate('reinstate')).status).toBe(200);
  await card();
  expect(await screen.findByText('Published tomorrow')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Hide rating/ })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Restore rating/ })).toBeNull();
});

it("a moderator's card says an anonymous rating whose author deleted their account with their ratings is deleted tomorrow", async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const [company, reporter] = [await live.signUp({ user_role: 'employer' }), await live.signUp()];
  const written = await live.rate(employee, company, {
    is_anonymous: true,
    feedback_message: 'Flag me too.',
  });
  await releaseHeldRatings(live.ctx.deps.db, { now: nextDay() });
  const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
    token: reporter.access,
    body: { reason: PERSON_FLAG_REASONS[0] },
  });
  expect(flagged.status).toBe(201);
  const gone = await live.call('DELETE', '/api/auth/account/', {
    token: employee.access,
    body: { password: employee.password, ratings_given: 'DELETE' },
  });
  expect(gone.status).toBe(204);
  const moderator = await createModerator(live.ctx);
  const queue = async () =>
    (
      await live.call<FlagsResponse>('GET', '/api/moderation/flags/?status=open', { token: moderator.access })
    ).body.results.find((entry) => entry.rating.id === written.id);
  const item = await queue();
  if (!item) throw new Error('the flagged rating is not in the queue');
  renderWithProviders(<FlaggedRatingCard item={item} />);
  expect(await screen.findByText('Deleted tomorrow')).toBeTruthy();
  // Everyone still sees it until then: published, with what comes next beside it.
  expect(screen.getByText('Published')).toBeTruthy();
  // Its placeholder's address is nobody's: not shown.
  expect(screen.queryByText(/@deleted\.invalid$/)).toBeNull();
  expect(screen.queryByText('Hidden tomorrow')).toBeNull();
  // Neither suspend nor reinstate: the rater is a deleted account's placeholder.
  expect(screen.queryByRole('button', { name: /Suspend rater|Reinstate rater/ })).toBeNull();
  await releaseErasedRatings(live.ctx.deps.db, { now: nextDay() });
  expect(await queue()).toBeUndefined();
});
