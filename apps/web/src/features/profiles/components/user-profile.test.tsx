// A profile against the real API: "Write a Review" opens the form above and takes the keyboard there,
// so the next Tab goes into the form rather than on below the button; closed, it hands the keyboard
// on to the profile's actions.
import { screen, waitFor } from '@testing-library/react';
import type { OwnUser } from '@workspace/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { UserProfile } from './user-profile';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

it('takes the focus to the rating form that Write a Review opens, and on to the actions once it closes', async () => {
  const [employee, company] = [await live.signUp(), await live.signUp({ user_role: 'employer' })];
  const viewer = await live.call<OwnUser>('GET', '/api/auth/profile/', { token: employee.access });
  live.signInPage(employee);
  const { user } = renderWithProviders(
    <UserProfile
      userId={String(company.user.id)}
      viewer={viewer.body}
      renderRatingForm={({ close }) => (
        <>
          <button type="button">First field of the form</button>
          <button type="button" onClick={close}>
            Send the rating
          </button>
        </>
      )}
    />,
  );
  await user.click(await screen.findByRole('button', { name: 'Write a Review' }));
  const form = document.getElementById('rating-form');
  await waitFor(() => expect(document.activeElement).toBe(form));
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First field of the form' }));

  // Sent, the form closes: the keyboard goes on to the profile's actions, not the page's top.
  await user.click(screen.getByRole('button', { name: 'Send the rating' }));
  await waitFor(() => expect(document.getElementById('rating-form')).toBeNull());
  const actions = screen.getByText('Quick Action').closest('[tabindex="-1"]');
  expect(actions).not.toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(actions));
});
