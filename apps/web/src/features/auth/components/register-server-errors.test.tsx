// What the server refuses at sign-up is shown beside its field, and that field takes the focus: on a
// phone the person is taken to it rather than left at the button below a message they cannot see
// (real API).
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@workspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveApi, startLiveApi } from '@/testing/live-api';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

let live: LiveApi;
beforeAll(async () => {
  live = await startLiveApi();
});
afterAll(() => live?.close());

describe('sign-up refused by the server', () => {
  it('puts the message beside the field the server names and moves the focus there', async () => {
    const taken = await live.signUp();
    const { user } = renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    // The hint says what the server will refuse, not only the length.
    expect(screen.getByText(/not a common password, a name or a keyboard pattern/)).toBeTruthy();
    await user.type(screen.getByLabelText('Full name'), 'Asha Kulkarni');
    await user.type(screen.getByLabelText('Email'), taken.user.email);
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.type(screen.getByLabelText('City'), 'Nagpur');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    // Both refusals are beside their fields; the first in the form's order (email) has the focus.
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(MSG.emailTaken).length).toBeGreaterThan(0);
    expect(screen.getByText(MSG.passwordCommon)).toBeTruthy();
    expect(document.activeElement).toBe(email);
  });
});
