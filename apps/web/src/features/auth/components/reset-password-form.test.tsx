import { screen } from '@testing-library/react';
import { LIMITS, MSG } from '@workspace/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('says what a new password needs before it is typed, as sign-up and the password change do', async () => {
    const { user } = renderWithProviders(<ResetPasswordForm email="asha@example.com" onDone={() => {}} />);
    const password = screen.getByLabelText('New password');
    const hint = document.getElementById(password.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toBe(
      `At least ${LIMITS.passwordMin} characters, and not a common password, a name or a keyboard pattern.`,
    );

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.passwordMin)).toBeTruthy();
  });
});
