// Journey: forgot password, reset it with the emailed code, sign in with the new one.
import { MSG } from '@workspace/contracts';
import { expect, test } from './fixtures';

test('a user resets a forgotten password with the code and signs in with the new one', async ({
  page,
  makeUser,
  checkA11y,
}) => {
  const account = await makeUser();
  const newPassword = 'brand-new-Password-9';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await checkA11y('forgot password');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();

  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByText(MSG.resetRequested)).toBeVisible();
  // The development server returns the code; the page shows it as a convenience.
  const code = (await page.locator('strong.font-mono').textContent())?.trim() ?? '';
  expect(code).toHaveLength(6);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await checkA11y('reset password');

  // The form's own rules first, then a wrong code from the server.
  await page.getByLabel('Reset code').fill('abc');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(MSG.resetCodeLength)).toBeVisible();
  await expect(page.getByText(MSG.passwordMin)).toBeVisible();

  const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
  await page.getByLabel('Reset code').fill(wrong);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(MSG.resetInvalid)).toBeVisible();

  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.resetDone)).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.loginIncorrect)).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
