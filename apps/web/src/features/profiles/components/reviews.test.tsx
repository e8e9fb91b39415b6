// A profile's reviews against the real API: the page asks for the ratings it shows first and pages
// through the rest by the same number (issue 11).
import { screen } from '@testing-library/react';
import { PAGE_SIZES, type ProfileResponse } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { userProfileQueryOptions } from '../api/get-user-profile';
import { Reviews } from './reviews';

let live: LiveApi;
let company: Awaited<ReturnType<LiveApi['signUp']>>;
const RATINGS = PAGE_SIZES.profileShown + 3;

beforeAll(async () => {
  live = await startLiveApi();
  company = await live.signUp({ user_role: 'employer', full_name: 'Reviewed Works' });
  for (let i = 0; i < RATINGS; i += 1) {
    const rater = await live.signUp({ user_role: 'employee', full_name: `Rater ${i + 1}` });
    await live.rate(rater, company, { feedback_message: `Review number ${i + 1}` });
  }
});

afterAll(() => live?.close());

describe('the reviews on a profile', () => {
  it('shows the newest the profile answer carries, then the rest page by page', async () => {
    const reader = await live.signUp({ user_role: 'employee', full_name: 'Profile Reader' });
    live.signInPage(reader);
    const userId = String(company.user.id);
    const options = userProfileQueryOptions(userId);
    const data = (await options.queryFn?.({
      signal: new AbortController().signal,
    } as never)) as ProfileResponse;
    expect(data.all_ratings).toHaveLength(PAGE_SIZES.profileShown);

    const { user } = renderWithProviders(<Reviews data={data} userId={userId} detailsHidden={false} />);
    expect(screen.getAllByRole('article')).toHaveLength(PAGE_SIZES.profileShown);
    expect(screen.getByText(`Showing ${PAGE_SIZES.profileShown} of ${RATINGS}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText(`${RATINGS} reviews`)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(RATINGS);
    expect(screen.getByText('Review number 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('tells the author that their anonymous review shows as Anonymous to everyone else', async () => {
    const author = await live.signUp({ user_role: 'employee', full_name: 'Quiet Author' });
    const rated = await live.signUp({ user_role: 'employer', full_name: 'Quietly Rated Ltd' });
    await live.rate(author, rated, { is_anonymous: true, score: 3 });
    const userId = String(rated.user.id);
    const profileAs = async (reader: Awaited<ReturnType<LiveApi['signUp']>>) => {
      live.signInPage(reader);
      return (await userProfileQueryOptions(userId).queryFn?.({
        signal: new AbortController().signal,
      } as never)) as ProfileResponse;
    };

    const own = renderWithProviders(
      <Reviews data={await profileAs(author)} userId={userId} detailsHidden={false} />,
    );
    expect(screen.getByRole('heading', { name: 'Quiet Author' })).toBeTruthy();
    expect(screen.getByText('Anonymous to others')).toBeTruthy();
    own.unmount();

    const reader = await live.signUp({ user_role: 'employee', full_name: 'Another Reader' });
    renderWithProviders(<Reviews data={await profileAs(reader)} userId={userId} detailsHidden={false} />);
    expect(screen.getByRole('heading', { name: 'Anonymous' })).toBeTruthy();
    expect(screen.queryByText('Quiet Author')).toBeNull();
    expect(screen.queryByText('Anonymous to others')).toBeNull();
  });

  it('speaks of a company as a company and of an employee as a person when there is nothing to show', async () => {
    const reader = await live.signUp({ user_role: 'employee', full_name: 'Empty Reader' });
    const quietCompany = await live.signUp({ user_role: 'employer', full_name: 'Unrated Works' });
    const employer = await live.signUp({ user_role: 'employer', full_name: 'Hiring Co' });
    const person = await live.signUp({ user_role: 'employee', full_name: 'Unrated Person' });
    const profileOf = async (
      reader: Awaited<ReturnType<LiveApi['signUp']>>,
      shown: Awaited<ReturnType<LiveApi['signUp']>>,
    ) => {
      live.signInPage(reader);
      return (await userProfileQueryOptions(String(shown.user.id)).queryFn?.({
        signal: new AbortController().signal,
      } as never)) as ProfileResponse;
    };

    const ofCompany = renderWithProviders(
      <Reviews data={await profileOf(reader, quietCompany)} userId="0" detailsHidden={false} />,
    );
    expect(screen.getByText('Reviews will appear here once someone rates this company.')).toBeTruthy();
    ofCompany.unmount();
    const privateCompany = renderWithProviders(
      <Reviews data={await profileOf(reader, quietCompany)} userId="0" detailsHidden />,
    );
    expect(screen.getByText('This company keeps its rating details private')).toBeTruthy();
    privateCompany.unmount();
    renderWithProviders(
      <Reviews data={await profileOf(employer, person)} userId="0" detailsHidden={false} />,
    );
    expect(screen.getByText('Reviews will appear here once someone rates this person.')).toBeTruthy();
  });
});
