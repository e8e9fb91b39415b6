// The rating panel against the real API: eligibility first, then the categories, then a submission
// that stores only the rated categories.
import { screen, waitFor } from '@testing-library/react';
import { ELIGIBILITY, type Rating } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { RateUserPanel } from './rate-user-panel';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

async function pair() {
  const employee = await live.signUp({ user_role: 'employee', full_name: 'Rater Rao' });
  const company = await live.signUp({ user_role: 'employer', full_name: 'Rated Pvt Ltd' });
  live.signInPage(employee);
  let closed = 0;
  const view = renderWithProviders(
    <RateUserPanel
      rater={employee.user}
      ratee={{ ...company.user, total_ratings_received: 0 }}
      onClose={() => {
        closed += 1;
      }}
    />,
  );
  return { ...view, employee, company, closed: () => closed };
}

describe('RateUserPanel', () => {
  it('checks eligibility, loads the categories and sends only the rated ones', async () => {
    const { user, employee, closed, queryClient } = await pair();
    const group = await screen.findByRole('radiogroup', { name: 'Work Environment' });
    expect(screen.getAllByRole('radiogroup')).toHaveLength(6);
    await user.click(group.querySelector('[aria-label="5 stars"]') as HTMLElement);
    await user.click(
      screen
        .getByRole('radiogroup', { name: 'Compensation' })
        .querySelector('[aria-label="3 stars"]') as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() => expect(closed()).toBe(1));
    // The pages refreshed after the write finish before the test leaves.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const given = await live.call<{ results: Rating[] }>('GET', '/api/core/my-ratings/given/', {
      token: employee.access,
    });
    expect(given.body.results).toHaveLength(1);
    expect(given.body.results[0]?.category_scores).toEqual([
      { category: 'Work Environment', score: 5 },
      { category: 'Compensation', score: 3 },
    ]);
    expect(given.body.results[0]?.overall_score).toBe(4);
    expect(given.body.results[0]?.is_anonymous).toBe(false);
  });

  it("says 'Cannot Submit Rating' with the server's reason, and Go Back closes it", async () => {
    const employee = await live.signUp({ user_role: 'employee' });
    const company = await live.signUp({ user_role: 'employer' });
    await live.call('POST', '/api/core/ratings/', {
      token: employee.access,
      body: {
        ratee: company.user.id,
        role_context: 'EMPLOYEE_TO_COMPANY',
        category_scores: [{ category: 'Career Growth', score: 4 }],
      },
    });
    live.signInPage(employee);
    let closed = 0;
    const { user } = renderWithProviders(
      <RateUserPanel
        rater={employee.user}
        ratee={{ ...company.user, total_ratings_received: 1 }}
        onClose={() => {
          closed += 1;
        }}
      />,
    );
    expect(await screen.findByText('Cannot Submit Rating')).toBeTruthy();
    expect(screen.getByText(ELIGIBILITY.alreadyRated)).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(closed).toBe(1);
  });
});
