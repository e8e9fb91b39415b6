// The sign-in page after a sign-up: the success message greets the new member, and gives way to the
// answer of the first sign-in they try (real API).
import { screen } from '@testing-library/react';
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import LoginRoute from './login';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

describe('sign-in page after a sign-up', () => {
  it('drops "Registration successful!" once a sign-in is refused', async () => {
    const member = await live.signUp();
    const { user } = renderWithProviders(<LoginRoute />, {
      path: '/login',
      state: { message: MSG.registrationSuccess, registered: true, email: member.user.email },
    });
    expect(screen.getByText(MSG.registrationSuccess)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome to WorkTrust' })).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(MSG.loginIncorrect)).toBeTruthy();
    expect(screen.queryByText(MSG.registrationSuccess)).toBeNull();
  });
});
