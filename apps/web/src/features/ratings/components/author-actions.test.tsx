// The author's edit, withdrawal and appeal against the real API (DESIGN §8.1).
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  EDIT_WINDOW_DAYS,
  RATE_AGAIN_AFTER_WITHDRAWAL_DAYS,
  type Rating,
  rateAgainDateOf,
} from '@workspace/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { activateLanguage, loadCatalog } from '@/lib/i18n';
import { describedBy } from '@/testing/described-by';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { RatingList } from '@/testing/rating-list';
import { renderWithProviders } from '@/testing/render';
import { createModerator } from '../../../../../server/test/fixtures.ts';
import { AuthorActions } from './author-actions';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());
afterEach(() => activateLanguage('en'));

async function employeeRatedCompany() {
  const employee = await live.signUp({ user_role: 'employee' });
  const company = await live.signUp({ user_role: 'employer' });
  const created = await live.call<Rating>('POST', '/api/core/ratings/', {
    token: employee.access,
    body: {
      ratee: company.user.id,
      role_context: 'EMPLOYEE_TO_COMPANY',
      category_scores: [{ category: 'Career Growth', score: 2 }],
      feedback_message: 'Few chances to grow.',
      is_anonymous: false,
    },
  });
  expect(created.status).toBe(201);
  return { employee, company, rating: created.body };
}

const given = () => (
  <RatingList path="/core/my-ratings/given/" actions={(rating) => <AuthorActions rating={rating} />} />
);

async function companyAverage(companyId: number, token: string) {
  const profile = await live.call<{ rating_summary: { average_rating: number; total_ratings: number } }>(
    'GET',
    `/api/core/users/${companyId}/profile/`,
    { token },
  );
  return profile.body.rating_summary;
}

describe("the author's own rating", () => {
  it('names its Edit and Withdraw buttons in one sentence each, which Hindi orders with the verb last', async () => {
    const { employee } = await employeeRatedCompany();
    live.signInPage(employee);
    renderWithProviders(given());
    expect(
      await screen.findByRole('button', { name: 'Edit your rating of Infosys Technologies' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw your rating of Infosys Technologies' })).toBeTruthy();
    await act(async () => {
      await activateLanguage('hi');
      await loadCatalog('app', 'hi');
    });
    expect(
      await screen.findByRole('button', { name: 'Infosys Technologies को दी गई अपनी रेटिंग बदलें' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Infosys Technologies को दी गई अपनी रेटिंग वापस लें' }),
    ).toBeTruthy();
  });

  it('is edited (scores and feedback, marked Edited, average follows) and then withdrawn', async () => {
    const { employee, company } = await employeeRatedCompany();
    live.signInPage(employee);
    const { user } = renderWithProviders(given());

    await user.click(
      await screen.findByRole('button', { name: /^Edit your rating of Infosys Technologies/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/It stays under your name: to make it anonymous, withdraw it/),
    ).toBeTruthy();
    const careerGrowth = within(dialog).getByRole('radiogroup', { name: 'Career Growth' });
    await user.click(within(careerGrowth).getByRole('radio', { name: '5 stars' }));
    const feedback = within(dialog).getByLabelText('Feedback (optional)');
    await user.clear(feedback);
    await user.type(feedback, 'Promoted twice in two years.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog.isConnected, dialog.textContent ?? '').toBe(false));

    expect(await screen.findByText('Promoted twice in two years.')).toBeTruthy();
    expect(screen.getByText('Edited')).toBeTruthy();
    expect(await companyAverage(company.user.id, employee.access)).toMatchObject({
      average_rating: 5,
      total_ratings: 1,
    });

    await user.click(screen.getByRole('button', { name: /^Withdraw your rating of Infosys Technologies/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/You may rate Infosys Technologies again later/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw rating' }));
    expect(await screen.findByText('Empty list')).toBeTruthy();
    expect(await companyAverage(company.user.id, employee.access)).toMatchObject({ total_ratings: 0 });
    // The pair may rate again.
    const eligible = await live.call<{ eligible: boolean }>('POST', '/api/core/check-rating-eligibility/', {
      token: employee.access,
      body: { ratee_id: company.user.id, role_context: 'EMPLOYEE_TO_COMPANY' },
    });
    expect(eligible.body.eligible).toBe(true);
  });

  it('says before a hidden rating is withdrawn that its author cannot rate the company again for a while', async () => {
    const { employee, company, rating } = await employeeRatedCompany();
    const moderator = await createModerator(live.ctx);
    await live.call('POST', `/api/moderation/ratings/${rating.id}/hide/`, {
      token: moderator.access,
      body: { reason: 'Names a colleague in full.' },
    });
    live.signInPage(employee);
    const { user } = renderWithProviders(given());

    await user.click(
      await screen.findByRole('button', { name: /^Withdraw your rating of Infosys Technologies/ }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText(
        new RegExp(
          `you cannot rate Infosys Technologies again for the next ${RATE_AGAIN_AFTER_WITHDRAWAL_DAYS} days, until ${formatDate(new Date(Date.now() + RATE_AGAIN_AFTER_WITHDRAWAL_DAYS * 86_400_000).toISOString())}\\.`,
        ),
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw rating' }));
    expect(await screen.findByText('Empty list')).toBeTruthy();
    // What the dialog said is what the server does.
    const eligible = await live.call<{ eligible: boolean; reason: string }>(
      'POST',
      '/api/core/check-rating-eligibility/',
      { token: employee.access, body: { ratee_id: company.user.id, role_context: 'EMPLOYEE_TO_COMPANY' } },
    );
    expect(eligible.body.eligible).toBe(false);
    expect(rateAgainDateOf(eligible.body.reason)).not.toBeNull();
  });

  it('offers no edit once the 30 days have passed', async () => {
    const old: Rating = {
      id: 1,
      ratee: 2,
      ratee_name: 'Infosys Technologies',
      rater: 3,
      rater_name: 'Priya Sharma',
      role_context: 'EMPLOYEE_TO_COMPANY',
      is_anonymous: false,
      feedback_message: null,
      category_scores: [{ category: 'Career Growth', score: 3 }],
      overall_score: 3,
      created_at: '2026-01-01T10:00:00.000Z',
      status: 'published',
      edited_at: null,
      verified_employee: false,
      reply: null,
    };
    const day = 24 * 60 * 60 * 1000;
    const inside = new Date(Date.parse(old.created_at) + (EDIT_WINDOW_DAYS - 1) * day);
    const outside = new Date(Date.parse(old.created_at) + (EDIT_WINDOW_DAYS + 1) * day);
    const first = renderWithProviders(<AuthorActions rating={old} now={inside} />);
    expect(await first.findByRole('button', { name: /^Edit/ })).toBeTruthy();
    first.unmount();
    const second = renderWithProviders(<AuthorActions rating={old} now={outside} />);
    expect(second.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(second.queryByRole('button', { name: /^Withdraw/ })).toBeTruthy();
  });

  it('when hidden, shows the reason and takes one appeal, which then shows as pending', async () => {
    const { employee, rating } = await employeeRatedCompany();
    const moderator = await createModerator(live.ctx);
    const hidden = await live.call('POST', `/api/moderation/ratings/${rating.id}/hide/`, {
      token: moderator.access,
      body: { reason: 'Names a colleague in full.' },
    });
    expect(hidden.status).toBe(200);
    live.signInPage(employee);
    const { user } = renderWithProviders(given());

    expect(await screen.findByText(/^Hidden by moderators on/)).toBeTruthy();
    expect(screen.getByText('Reason: Names a colleague in full.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog');
    // Said before an anonymous author writes "I worked there two years": nobody else reads it.
    expect(describedBy(within(dialog).getByLabelText('Your appeal'))).toContain('Only moderators read this.');
    await user.type(
      within(dialog).getByLabelText('Your appeal'),
      'I removed nothing personal; it is my manager.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Your appeal is with the moderators.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull());

    const queue = await live.call<{ results: { message: string; hidden_reason: string }[] }>(
      'GET',
      '/api/moderation/appeals/?status=open',
      { token: moderator.access },
    );
    expect(queue.body.results).toContainEqual(
      expect.objectContaining({
        message: 'I removed nothing personal; it is my manager.',
        hidden_reason: 'Names a colleague in full.',
      }),
    );
  });

  it('with its appeal rejected, shows why and the way on: the Grievance Officer', async () => {
    const { employee, rating } = await employeeRatedCompany();
    const [hider, judge] = [await createModerator(live.ctx), await createModerator(live.ctx)];
    const moderate = (token: string, path: string, body: unknown) =>
      live.call<{ results?: { id: number; rating: { id: number } }[] }>('POST', path, { token, body });
    expect(
      (await moderate(hider.access, `/api/moderation/ratings/${rating.id}/hide/`, { reason: 'Abusive.' }))
        .status,
    ).toBe(200);
    const appealed = await live.call('POST', `/api/core/ratings/${rating.id}/appeal/`, {
      token: employee.access,
      body: { message: 'It is fair criticism.' },
    });
    expect(appealed.status).toBe(201);
    const queue = await live.call<{ results: { id: number; rating: { id: number } }[] }>(
      'GET',
      '/api/moderation/appeals/?status=open',
      { token: judge.access },
    );
    const appeal = queue.body.results.find((item) => item.rating.id === rating.id);
    expect(
      (
        await moderate(judge.access, `/api/moderation/appeals/${appeal?.id}/reject/`, {
          reason: 'Still abusive.',
        })
      ).status,
    ).toBe(200);
    live.signInPage(employee);
    renderWithProviders(given());

    expect(await screen.findByText('Your appeal was rejected: Still abusive.')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Still think it is wrong? Write to the Grievance Officer' })
        .getAttribute('href'),
    ).toBe('/grievance');
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});
