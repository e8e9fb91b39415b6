// A rating of an employee is held back while they dispute it (DESIGN §8.1): Ratings Received then
// no longer lists it, and says where it went rather than only "No ratings received yet" (newcomer
// walk), against the real API.
import { screen } from '@testing-library/react';
import type { Rating } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { MyRatings } from './my-ratings';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('says a rating held back by the dispute is under My Disputes', async () => {
  const company = await live.signUp({ user_role: 'employer' });
  const employee = await live.signUp({ user_role: 'employee' });
  const rating: Rating = await live.rate(company, employee, { feedback_message: 'Often late.' });
  const disputed = await live.call('POST', `/api/core/ratings/${rating.id}/dispute/`, {
    token: employee.access,
    body: { reason: 'FALSE_FACTS', details: 'I was never late; the attendance log shows it.' },
  });
  expect(disputed.status).toBe(201);

  live.signInPage(employee);
  renderWithProviders(<MyRatings renderDisputes={() => null} />, { path: '/my-ratings?tab=received' });
  expect(await screen.findByText('No ratings received yet')).toBeTruthy();
  expect(await screen.findByText(/A rating you dispute is held back until moderators decide/)).toBeTruthy();
  expect(screen.queryByText('Often late.')).toBeNull();
});
