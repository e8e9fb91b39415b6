// The appeals queue against the real API: the moderator who hid a rating is told that another
// moderator decides whether to reject the appeal against it, and is offered only the restore; the
// other moderator is offered both.
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { DecisionQueue } from './decision-queues';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('leaves the rejection of an appeal to a moderator other than the one who hid the rating', async () => {
  const author = await live.signUp({ full_name: 'Kiran Das' });
  const company = await live.signUp({ user_role: 'employer' });
  const written = await live.rate(author, company, { feedback_message: 'The manager shouts at everyone.' });
  const [hider, other] = [await createModerator(live.ctx), await createModerator(live.ctx)];
  const hidden = await live.call('POST', `/api/moderation/ratings/${written.id}/hide/`, {
    token: hider.access,
    body: { reason: 'Abusive' },
  });
  expect(hidden.status).toBe(200);
  const appealed = await live.call('POST', `/api/core/ratings/${written.id}/appeal/`, {
    token: author.access,
    body: { message: 'It is what happened.' },
  });
  expect(appealed.status).toBe(201);

  const queueAs = async (moderator: typeof hider) => {
    live.signInPage(moderator);
    const view = renderWithProviders(<DecisionQueue kind="appeals" page={1} onPageChange={() => {}} />);
    const item = (await view.findByText('It is what happened.')).closest('article') as HTMLElement;
    return { view, item };
  };

  const own = await queueAs(hider);
  expect(
    within(own.item).getByText(
      'You made the decision this appeal is against: another moderator decides whether to reject it. You can still restore the rating.',
    ),
  ).toBeTruthy();
  expect(within(own.item).getByRole('button', { name: /Restore rating/ })).toBeTruthy();
  expect(within(own.item).queryByRole('button', { name: /Reject appeal/ })).toBeNull();
  own.view.unmount();

  const second = await queueAs(other);
  expect(within(second.item).getByRole('button', { name: /Reject appeal/ })).toBeTruthy();
  expect(screen.queryByText(/You made the decision this appeal is against/)).toBeNull();
});
