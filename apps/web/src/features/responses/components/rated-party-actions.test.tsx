// The rated party's reply and dispute against the real API (DESIGN §8.1): what the screen shows is
// what the server stored, and checks the contracts make stop a request before it is sent.
import { act, screen, waitFor, within } from '@testing-library/react';
import { LIMITS, MSG, type Rating } from '@workspace/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { describedBy } from '@/testing/described-by';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { RatingList } from '@/testing/rating-list';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { MyDisputes } from './my-disputes';
import { RatedPartyActions } from './rated-party-actions';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());
afterEach(() => activateLanguage('en'));

async function rated(context: 'EMPLOYEE_TO_COMPANY' | 'EMPLOYER_TO_EMPLOYEE', anonymous = false) {
  const raterRole = context === 'EMPLOYEE_TO_COMPANY' ? 'employee' : 'employer';
  const rateeRole = context === 'EMPLOYEE_TO_COMPANY' ? 'employer' : 'employee';
  const rater = await live.signUp({ user_role: raterRole });
  const ratee = await live.signUp({ user_role: rateeRole });
  const category = context === 'EMPLOYEE_TO_COMPANY' ? 'Career Growth' : 'Reliability';
  const created = await live.call<Rating>('POST', '/api/core/ratings/', {
    token: rater.access,
    body: {
      ratee: ratee.user.id,
      role_context: context,
      category_scores: [{ category, score: 2 }],
      feedback_message: 'Late salaries for three months.',
      is_anonymous: anonymous,
    },
  });
  expect(created.status).toBe(201);
  return { rater, ratee, rating: created.body };
}

/** The reply as the API answers it on the ratee's list of ratings received. */
async function storedReply(token: string, ratingId: number) {
  const list = await live.call<{ results: Rating[] }>('GET', '/api/core/my-ratings/received/', { token });
  return list.body.results.find((r) => r.id === ratingId)?.reply;
}

const received = () => (
  <RatingList path="/core/my-ratings/received/" actions={(rating) => <RatedPartyActions rating={rating} />} />
);

describe('the reply of the rated party', () => {
  it('is written, edited and removed under the review, as the server stores it', async () => {
    const { ratee, rating } = await rated('EMPLOYEE_TO_COMPANY', true);
    live.signInPage(ratee);
    const { user } = renderWithProviders(received());

    await user.click(await screen.findByRole('button', { name: 'Reply to the review by Anonymous' }));
    // The box says its text is public, and not to name an anonymous author.
    const described = describedBy(screen.getByLabelText('Your public reply'));
    expect(described).toContain('Its author chose to stay anonymous: do not name or guess who wrote it.');
    // An empty reply is refused on the page, with the contract's words.
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText(MSG.replyRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Your public reply'), 'We paid every salary on time.');
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(screen.queryByLabelText('Your public reply')).toBeNull());
    expect(await screen.findByRole('heading', { name: /Reply from Infosys Technologies/ })).toBeTruthy();
    expect(screen.getByText('We paid every salary on time.')).toBeTruthy();
    expect((await storedReply(ratee.access, rating.id))?.message).toBe('We paid every salary on time.');

    await user.click(screen.getByRole('button', { name: 'Edit reply' }));
    const box = screen.getByLabelText('Edit your reply');
    await user.clear(box);
    await user.type(box, 'Salaries were late once, in March.');
    await user.click(screen.getByRole('button', { name: 'Save reply' }));
    // Saved: the box closes and the card shows the reply as the server answers it.
    await waitFor(() => expect(screen.queryByLabelText('Edit your reply')).toBeNull());
    expect(await screen.findByText('Salaries were late once, in March.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Remove reply' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove reply' }));
    await waitFor(() => expect(screen.queryByText('Salaries were late once, in March.')).toBeNull());
    expect(await storedReply(ratee.access, rating.id)).toBeNull();
  });
});

describe('a reply moderators hid', () => {
  it('shows its author alone why, and lets them remove it to write another, or appeal', async () => {
    const { ratee, rating } = await rated('EMPLOYEE_TO_COMPANY', true);
    const replied = await live.call('POST', `/api/core/ratings/${rating.id}/reply/`, {
      token: ratee.access,
      body: { message: 'The reviewer is a known troublemaker.' },
    });
    expect(replied.status).toBe(201);
    const moderator = await createModerator(live.ctx);
    const hidden = await live.call('POST', `/api/moderation/ratings/${rating.id}/hide-reply/`, {
      token: moderator.access,
      body: { reason: 'Attacks the reviewer instead of answering the review.' },
    });
    expect(hidden.status).toBe(200);
    live.signInPage(ratee);
    const { user } = renderWithProviders(received());

    expect(await screen.findByText(/^Your reply was hidden by moderators on /)).toBeTruthy();
    expect(screen.getByText('Reason: Attacks the reviewer instead of answering the review.')).toBeTruthy();
    expect(screen.getByText('The reviewer is a known troublemaker.')).toBeTruthy();
    // Hidden, it can no longer be edited: no Edit, and no Reply while it is there.
    expect(screen.queryByRole('button', { name: 'Edit reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Appeal through the grievance form' }).getAttribute('href')).toBe(
      '/grievance',
    );

    await user.click(screen.getByRole('button', { name: 'Remove reply' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('The reply moderators hid is deleted. You can then write a new one.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove reply' }));
    // Gone: the card offers a new reply, and the server shows no hidden one any more.
    expect(await screen.findByRole('button', { name: 'Reply to the review by Anonymous' })).toBeTruthy();
    expect(screen.queryByText(/^Your reply was hidden/)).toBeNull();
    const list = await live.call<{ results: Rating[] }>('GET', '/api/core/my-ratings/received/', {
      token: ratee.access,
    });
    expect(list.body.results.find((r) => r.id === rating.id)).not.toHaveProperty('reply_hidden');
  });
});

describe('the rated party’s buttons', () => {
  it('are each named in one sentence, which Hindi orders with the verb last, as is the score', async () => {
    const { ratee } = await rated('EMPLOYEE_TO_COMPANY', true);
    live.signInPage(ratee);
    renderWithProviders(received());
    expect(await screen.findByRole('button', { name: 'Reply to the review by Anonymous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dispute review by Anonymous' })).toBeTruthy();
    expect(screen.getByText(/^Overall \d\.\d out of 5$/)).toBeTruthy();
    await act(async () => {
      await activateLanguage('hi');
      await loadCatalog('app', 'hi');
    });
    expect(await screen.findByRole('button', { name: 'गुमनाम की समीक्षा का जवाब दें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'गुमनाम की समीक्षा पर आपत्ति करें' })).toBeTruthy();
    // The score read as one sentence too: "out of 5" comes before the score in Hindi.
    expect(screen.getByText(/^कुल 5 में से \d\.\d$/)).toBeTruthy();
  });
});

describe('the reply box under a named review', () => {
  it('says the reply is public, without the anonymous author warning', async () => {
    const { rater, ratee } = await rated('EMPLOYEE_TO_COMPANY');
    live.signInPage(ratee);
    const { user } = renderWithProviders(received());
    await user.click(
      await screen.findByRole('button', { name: `Reply to the review by ${rater.user.full_name}` }),
    );
    const described = describedBy(screen.getByLabelText('Your public reply'));
    expect(described).toContain('Shown under this review to everyone who can see it, as your reply.');
    expect(described).not.toContain('anonymous');
  });
});

describe('a dispute', () => {
  it('needs a reason and an explanation before anything is sent', async () => {
    const { ratee, rating } = await rated('EMPLOYER_TO_EMPLOYEE');
    live.signInPage(ratee);
    const { user } = renderWithProviders(received());
    await user.click(await screen.findByRole('button', { name: /^Dispute/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the rating is not shown on your profile/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'File dispute' }));
    expect(within(dialog).getByText(MSG.disputeReasonRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.disputeDetailsRequired)).toBeTruthy();
    // Too short an explanation is refused beside the field, with the least it takes.
    expect(within(dialog).getByText('Only moderators read this.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        `0/${LIMITS.disputeDetailsMax} characters, at least ${LIMITS.disputeDetailsMin}`,
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Explain what is wrong'), 'Not true.');
    await user.click(within(dialog).getByRole('button', { name: 'File dispute' }));
    expect(await within(dialog).findByText(MSG.disputeDetailsMin)).toBeTruthy();
    const open = await live.call<{ total_count: number }>('GET', '/api/core/my-ratings/disputes/', {
      token: ratee.access,
    });
    expect(open.body.total_count).toBe(0);
    expect(await storedReply(ratee.access, rating.id)).toBeNull();
  });

  it("of an employer's rating holds it back from the employee's profile and lists it under My Disputes", async () => {
    const { ratee, rating } = await rated('EMPLOYER_TO_EMPLOYEE');
    live.signInPage(ratee);
    const { user } = renderWithProviders(received());
    await user.click(await screen.findByRole('button', { name: /^Dispute/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('We never worked together'));
    await user.type(
      within(dialog).getByLabelText('Explain what is wrong'),
      'I never worked for this company.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'File dispute' }));
    // Held back while open: it leaves the ratings received.
    expect(await screen.findByText('Empty list')).toBeTruthy();

    const profile = await live.call<{ all_ratings: Rating[] }>(
      'GET',
      `/api/core/users/${ratee.user.id}/profile/`,
      {
        token: ratee.access,
      },
    );
    expect(profile.body.all_ratings.map((r) => r.id)).not.toContain(rating.id);

    const disputes = renderWithProviders(<MyDisputes page={1} onPageChange={() => {}} />);
    const item = await disputes.findByRole('article');
    expect(within(item).getByText('Open')).toBeTruthy();
    expect(within(item).getByText('We never worked together')).toBeTruthy();
    expect(
      within(item).getByText(/Moderators decide by .*; until then the rating is not shown/),
    ).toBeTruthy();
  });

  it('upheld and later overturned says the rating is published again, to the party who disputed it', async () => {
    const { ratee, rating } = await rated('EMPLOYEE_TO_COMPANY', true);
    const disputed = await live.call<{ id: number }>('POST', `/api/core/ratings/${rating.id}/dispute/`, {
      token: ratee.access,
      body: { reason: 'FALSE_FACTS', details: 'Salaries were never late.' },
    });
    const moderator = await createModerator(live.ctx);
    const decide = (url: string, body: object) => live.call('POST', url, { token: moderator.access, body });
    expect(
      (
        await decide(`/api/moderation/disputes/${disputed.body.id}/decide/`, {
          outcome: 'UPHELD',
          reason: 'No proof.',
        })
      ).status,
    ).toBe(200);
    expect(
      (await decide(`/api/moderation/ratings/${rating.id}/restore/`, { reason: 'Payslips shown.' })).status,
    ).toBe(200);
    live.signInPage(ratee);
    renderWithProviders(received());
    expect(
      await screen.findByText('Dispute upheld, then the rating was published again by moderators.'),
    ).toBeTruthy();
    expect(screen.queryByText('Dispute upheld: the rating is hidden.')).toBeNull();
    // The reason for restoring was written for the author alone.
    expect(screen.queryByText(/Payslips shown/)).toBeNull();
    // The reason shown is named for the decision it explains, not taken for the restoring's.
    expect(screen.getByText("Moderators' reason for upholding the dispute: No proof.")).toBeTruthy();
  });
});
