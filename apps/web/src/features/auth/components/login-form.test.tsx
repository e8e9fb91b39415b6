import { screen } from '@testing-library/react';
import { MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('shows its own messages beside the fields, with no browser validation', async () => {
    const { user, container } = renderWithProviders(<LoginForm />);
    expect(container.querySelector('form')?.noValidate).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('rejects a malformed email and accepts a well-formed one', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(MSG.passwordRequired)).toBeNull();
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});
