// Against the real API: a card that leaves a moderation queue once decided does not drop the keyboard
// focus to the page; the next card takes it, and the empty queue once nothing is left.
import { screen, waitFor, within } from '@testing-library/react';
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

it('keeps the focus in the queue as decided cards leave it', async () => {
  const [reader, company] = [await live.signUp(), await live.signUp({ user_role: 'employer' })];
  for (const text of ['The older flagged review.', 'The newer flagged review.']) {
    const written = await live.rate(await live.signUp(), company, { feedback_message: text });
    const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
      token: reader.access,
      body: { reason: PERSON_FLAG_REASONS[0] },
    });
    expect(flagged.status).toBe(201);
  }
  live.signInPage(await createModerator(live.ctx));
  const { user } = renderWithProviders(<ModerationPage />, { path: '/moderation' });
  await screen.findByText('The older flagged review.');

  const dismissFirst = async () => {
    const [first] = screen.getAllByRole('button', { name: `Dismiss flag by ${reader.user.full_name}` });
    const card = first?.closest('li[data-kept-focus-item]');
    await user.click(first as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Nothing wrong with it.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss Flag' }));
    await waitFor(() => expect(card?.isConnected).toBe(false));
  };

  await dismissFirst();
  const left = screen.getAllByRole('listitem').find((item) => item.hasAttribute('data-kept-focus-item'));
  await waitFor(() => expect(document.activeElement).toBe(left));
  expect(left?.textContent).toMatch(/flagged review\./);

  await dismissFirst();
  const empty = await screen.findByText('No open flags');
  await waitFor(() => expect(document.activeElement).toBe(empty.closest('[data-focus-fallback]')));
});

it('does not pull back focus the moderator let go of when a card leaves later', async () => {
  const [reader, company] = [await live.signUp(), await live.signUp({ user_role: 'employer' })];
  const written = await live.rate(await live.signUp(), company, { feedback_message: 'Decided elsewhere.' });
  const flagged = await live.call<{ id: number }>('POST', `/api/core/ratings/${written.id}/flag/`, {
    token: reader.access,
    body: { reason: PERSON_FLAG_REASONS[0] },
  });
  const [moderator, other] = [await createModerator(live.ctx), await createModerator(live.ctx)];
  live.signInPage(moderator);
  const { user, queryClient } = renderWithProviders(<ModerationPage />, { path: '/moderation' });
  await screen.findByText('Decided elsewhere.');
  const dismiss = screen
    .getAllByRole('button', { name: `Dismiss flag by ${reader.user.full_name}` })
    .find((button) =>
      button.closest('[data-kept-focus-item]')?.textContent?.includes('Decided elsewhere.'),
    ) as HTMLElement;
  await user.click(dismiss);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(document.activeElement).toBe(dismiss));
  // A click on the page's text: the browser lets the focus go.
  dismiss.blur();
  expect(document.activeElement).toBe(document.body);

  // Another moderator decides it meanwhile; the queue is read again and the card leaves.
  const decided = await live.call('POST', `/api/moderation/flags/${flagged.body.id}/dismiss/`, {
    token: other.access,
    body: { reason: 'Nothing wrong with it.' },
  });
  expect(decided.status).toBe(200);
  await queryClient.invalidateQueries();
  await waitFor(() => expect(screen.queryByText('Decided elsewhere.')).toBeNull());
  expect(document.activeElement).toBe(document.body);
});
