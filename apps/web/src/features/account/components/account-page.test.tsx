// The own profile's rating card against the real API: someone nobody has rated yet sees "Not rated
// yet" and when a label comes, never a 0.0 beside empty stars; once rated, their average and count.
import { screen } from '@testing-library/react';
import type { OwnUser } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { AccountPage } from './account-page';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('shows no average before the first rating, and the average and count after it', async () => {
  const employee = await live.signUp({ user_role: 'employee' });
  const company = await live.signUp({ user_role: 'employer' });
  const own = async () =>
    (await live.call<OwnUser>('GET', '/api/auth/profile/', { token: employee.access })).body;

  const unrated = renderWithProviders(<AccountPage user={await own()} />);
  expect(await screen.findByText('Not rated yet')).toBeTruthy();
  expect(screen.getByText('Your label appears with your first rating.')).toBeTruthy();
  expect(screen.queryByText('0.0')).toBeNull();
  unrated.unmount();

  await live.rate(company, employee, { score: 4 });
  renderWithProviders(<AccountPage user={await own()} />);
  expect(await screen.findByText('4.0')).toBeTruthy();
  expect(screen.getByText('1 rating')).toBeTruthy();
  expect(screen.queryByText('Not rated yet')).toBeNull();
});
