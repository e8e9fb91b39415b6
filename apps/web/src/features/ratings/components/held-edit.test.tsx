// ADR 0030 against the real API, on a server that holds anonymous ratings as production does: the
// author edits their published anonymous rating through the dialog, which says the edit waits for the
// next day in India; they see it at once, marked and explained; the rated company sees the rating as
// it was until the release applies the edit.
import { screen, waitFor, within } from '@testing-library/react';
import type { ProfileResponse, Rating } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { RatingList } from '@/testing/rating-list';
import { renderWithProviders } from '@/testing/render';
import { releaseHeldRatings } from '../../../../../server/src/modules/ratings/release.ts';
import { AuthorActions } from './author-actions';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi({ ANONYMOUS_HOLD: 'day' });
});
afterAll(() => live?.close());

it("an anonymous rating's edit is seen by its author at once, by others from the next day", async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const company = await live.signUp({ user_role: 'employer' });
  const written = await live.rate(employee, company, { is_anonymous: true, feedback_message: 'Decent pay.' });
  expect(written.status).toBe('held');
  await releaseHeldRatings(live.ctx.deps.db, { now: new Date(Date.now() + 24 * 60 * 60 * 1000) });

  live.signInPage(employee);
  const { user } = renderWithProviders(
    <RatingList path="/core/my-ratings/given/" actions={(rating) => <AuthorActions rating={rating} />} />,
  );
  await user.click(await screen.findByRole('button', { name: /^Edit your rating of/ }));
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText(
      /Others see your changes, marked "Edited", from the start of the next day in India/,
    ),
  ).toBeTruthy();
  const feedback = within(dialog).getByLabelText('Feedback (optional)');
  await user.clear(feedback);
  await user.type(feedback, 'Decent pay, long hours.');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(dialog.isConnected, dialog.textContent ?? '').toBe(false));

  // Its author sees the edit, and why others do not yet.
  expect(await screen.findByText('Decent pay, long hours.')).toBeTruthy();
  expect(screen.getByText(/Your edit is published at the start of the next day in India/)).toBeTruthy();
  // The company sees the rating as it was.
  const profile = await live.call<ProfileResponse>('GET', `/api/core/users/${company.user.id}/profile/`, {
    token: company.access,
  });
  const shown = profile.body.all_ratings.find((rating: Rating) => rating.id === written.id);
  expect(shown?.feedback_message).toBe('Decent pay.');
  expect(shown?.edited_at).toBeNull();
});

it('the edit dialog of an anonymous rating nobody has seen yet says it is published as it is left', async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const company = await live.signUp({ user_role: 'employer' });
  const written = await live.rate(employee, company, {
    is_anonymous: true,
    feedback_message: 'First draft.',
  });
  expect(written.status).toBe('held');

  live.signInPage(employee);
  const { user } = renderWithProviders(
    <RatingList path="/core/my-ratings/given/" actions={(rating) => <AuthorActions rating={rating} />} />,
  );
  await user.click(await screen.findByRole('button', { name: /^Edit your rating of/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/Nobody else has seen this rating yet/)).toBeTruthy();
  expect(within(dialog).queryByText(/averages follow at once/)).toBeNull();
});
