// My Ratings as the route composes it, against the real API: a reply published or a dispute filed
// replaces the button the keyboard was on, and the focus stays on the review instead of falling to
// the top of the page.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import MyRatingsRoute from './my-ratings';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('keeps the focus on a review once the reply is published and once it is disputed', async () => {
  const [author, company] = [await live.signUp(), await live.signUp({ user_role: 'employer' })];
  await live.rate(author, company, { feedback_message: 'Salaries came late.', is_anonymous: true });
  live.signInPage(company);
  const { user } = renderWithProviders(<MyRatingsRoute />, { path: '/my-ratings?tab=received' });
  const card = (await screen.findByText('Salaries came late.')).closest('[data-kept-focus-item]');

  await user.click(screen.getByRole('button', { name: 'Reply to the review by Anonymous' }));
  await user.type(screen.getByLabelText('Your public reply'), 'Paid in full since April.');
  await user.click(screen.getByRole('button', { name: 'Publish reply' }));
  expect(await screen.findByText('Paid in full since April.')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(card));

  await user.click(screen.getByRole('button', { name: 'Dispute review by Anonymous' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByLabelText('It states things that are not true'));
  await user.type(within(dialog).getByRole('textbox'), 'Every salary was paid on the first of the month.');
  await user.click(within(dialog).getByRole('button', { name: 'File dispute' }));
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Dispute review by Anonymous' })).toBeNull(),
  );
  await waitFor(() => expect(document.activeElement).toBe(card));
});

it('hands the focus to the empty list once the last review given is withdrawn', async () => {
  const [author, company] = [
    await live.signUp(),
    await live.signUp({ user_role: 'employer', full_name: 'Neem Tree Foods' }),
  ];
  await live.rate(author, company, { feedback_message: 'Kind managers.' });
  live.signInPage(author);
  const { user } = renderWithProviders(<MyRatingsRoute />, { path: '/my-ratings?tab=given' });
  await user.click(await screen.findByRole('button', { name: 'Withdraw your rating of Neem Tree Foods' }));
  const confirm = await screen.findByRole('dialog');
  await user.click(within(confirm).getByRole('button', { name: 'Withdraw rating' }));
  const empty = await screen.findByText('No ratings given yet');
  await waitFor(() => expect(document.activeElement).toBe(empty.closest('[data-focus-fallback]')));
});
