// A moderator's dashboard card against the real API: each queue's open count, each a link to its tab.
import { screen, within } from '@testing-library/react';
import { PERSON_FLAG_REASONS } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { ModerationWork } from './moderation-work';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('counts what is open in each queue and links to it', async () => {
  const [author, reader] = [await live.signUp(), await live.signUp()];
  const company = await live.signUp({ user_role: 'employer' });
  const written = await live.rate(author, company, { feedback_message: 'Flag me, please.' });
  const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
    token: reader.access,
    body: { reason: PERSON_FLAG_REASONS[0] },
  });
  expect(flagged.status).toBe(201);
  const moderator = await createModerator(live.ctx);
  live.signInPage(moderator);

  renderWithProviders(<ModerationWork />);
  const queues = await screen.findByRole('list', { name: 'Moderation queues' });
  const hrefOf = async (name: RegExp) =>
    (await within(queues).findByRole('link', { name })).getAttribute('href');
  expect(await hrefOf(/Open Flags\s*1/)).toBe('/moderation');
  expect(await hrefOf(/Disputes\s*0/)).toBe('/moderation?tab=disputes');
  expect(await hrefOf(/Appeals\s*0/)).toBe('/moderation?tab=appeals');
  expect(await hrefOf(/Grievances\s*0/)).toBe('/moderation?tab=grievances');
});
