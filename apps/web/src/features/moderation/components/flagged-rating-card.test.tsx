// The moderators' queue against the real API: an automatic flag's figures (flags.facts) are worded in
// the moderator's language, with the rule's constants, not shown as a sentence the server wrote.
import { act, screen } from '@testing-library/react';
import { COPIED_TEXT, type FlagsResponse } from '@workspace/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { FlaggedRatingCard } from './flagged-rating-card';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());
afterEach(() => activateLanguage('en'));

const TEXT =
  'The managers listened, the training budget was real, and the hours stayed fair in every team I was part of here.';

describe('an automatic flag in the queue', () => {
  it("words a copied text's figures in English, and in Hindi", async () => {
    const [first, second] = [await live.signUp(), await live.signUp()];
    const [one, two] = [
      await live.signUp({ user_role: 'employer' }),
      await live.signUp({ user_role: 'employer' }),
    ];
    await live.rate(first, one, { feedback_message: TEXT });
    const copy = await live.rate(second, two, { feedback_message: TEXT });
    const moderator = await createModerator(live.ctx);
    const queue = await live.call<FlagsResponse>('GET', '/api/moderation/flags/?status=open', {
      token: moderator.access,
    });
    const item = queue.body.results.find((entry) => entry.rating.id === copy.id);
    expect(item?.flags[0]).toMatchObject({
      rule: 'copied_text',
      details: null,
      facts: { alike_percent: 100 },
    });
    if (!item) return;

    renderWithProviders(<FlaggedRatingCard item={item} />);
    expect(
      await screen.findByText(
        `100 % alike to another account's rating of the last ${COPIED_TEXT.days} days.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('1 flag, 1 open')).toBeTruthy();
    await act(async () => {
      await activateLanguage('hi');
      await loadCatalog('app', 'hi');
    });
    expect(
      await screen.findByText(`पिछले ${COPIED_TEXT.days} दिनों की किसी दूसरे अकाउंट की रेटिंग से 100 % मिलता-जुलता।`),
    ).toBeTruthy();
    // A button's whole name is one sentence, ordered as Hindi orders it: the verb last.
    expect(screen.getByRole('button', { name: /का फ़्लैग ख़ारिज करें$/ })).toBeTruthy();
    // One open flag is खुला, not the plural खुले.
    expect(screen.getByText('1 फ़्लैग, 1 खुला')).toBeTruthy();
    // Hindi puts the verb last: "<rater> ने <ratee> को रेटिंग दी".
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      `${second.user.full_name} ने ${two.user.full_name} को रेटिंग दी`,
    );
  });
});

describe('a resolved flag in the queue', () => {
  it('says when and why its rating was hidden, and why a flag was dismissed, in the moderators’ words', async () => {
    const [author, reporter] = [await live.signUp(), await live.signUp()];
    const company = await live.signUp({ user_role: 'employer' });
    const written = await live.rate(author, company, { feedback_message: 'Names the manager in full.' });
    const flagged = await live.call('POST', `/api/core/ratings/${written.id}/flag/`, {
      token: reporter.access,
      body: { reason: 'PERSONAL_INFORMATION' },
    });
    expect(flagged.status).toBe(201);
    const moderator = await createModerator(live.ctx);
    // A first report, dismissed: its reason stays on its flag, as its reporter read it.
    const first = await live.call<{ id: number }>('POST', `/api/core/ratings/${written.id}/flag/`, {
      token: (await live.signUp()).access,
      body: { reason: 'FAKE' },
    });
    const dismissed = await live.call('POST', `/api/moderation/flags/${first.body.id}/dismiss/`, {
      token: moderator.access,
      body: { reason: 'The author worked there' },
    });
    expect(dismissed.status).toBe(200);
    const hidden = await live.call('POST', `/api/moderation/ratings/${written.id}/hide/`, {
      token: moderator.access,
      body: { reason: 'Names a manager who is not a party' },
    });
    expect(hidden.status).toBe(200);
    const queue = await live.call<FlagsResponse>('GET', '/api/moderation/flags/?status=resolved', {
      token: moderator.access,
    });
    const item = queue.body.results.find((entry) => entry.rating.id === written.id);
    if (!item) throw new Error('the flagged rating is not in the resolved queue');
    renderWithProviders(<FlaggedRatingCard item={item} />);
    expect(
      await screen.findByText(/^Hidden on .+\. Reason: Names a manager who is not a party$/),
    ).toBeTruthy();
    expect(screen.getByText('Dismissed: The author worked there')).toBeTruthy();
  });
});
