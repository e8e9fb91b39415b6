// Registration asks for consent to the privacy notice and terms (DESIGN §8.3), and the account it
// creates has that consent recorded (real API).
import { screen, waitFor } from '@testing-library/react';
import { PRIVACY_NOTICE_VERSION } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

describe('registration consent', () => {
  it('refuses to create the account until the notice is accepted, then records the consent', async () => {
    let registered = 0;
    const { user } = renderWithProviders(<RegisterForm onSuccess={() => (registered += 1)} />);
    const email = `consent-${Date.now()}@example.com`;
    await user.type(screen.getByLabelText('Full name'), 'Asha Kulkarni');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'a-Long-passw0rd-here');
    await user.type(screen.getByLabelText('Confirm password'), 'a-Long-passw0rd-here');
    await user.type(screen.getByLabelText('City'), 'Nagpur');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText('Please accept the privacy notice and terms of use to create an account.'),
    ).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: /I have read and accept the privacy notice/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    const before = await live.call('POST', '/api/auth/login/', {
      body: { email, password: 'a-Long-passw0rd-here' },
    });
    expect(before.status).toBe(401);

    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(registered).toBe(1));
    const after = await live.call<{ user: { consent_version: string; consent_required: boolean } }>(
      'POST',
      '/api/auth/login/',
      { body: { email, password: 'a-Long-passw0rd-here' } },
    );
    expect(after.body.user).toMatchObject({
      consent_version: PRIVACY_NOTICE_VERSION,
      consent_required: false,
    });
  });
});
