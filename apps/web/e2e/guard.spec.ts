// Journeys: access denied for the wrong role, unknown routes, sign-in remembering the page.
import { MSG } from '@workspace/contracts';
import { expect, moderatorAccount, test } from './fixtures';

test('the wrong role sees Access Denied', async ({ page, makeUser, signInAs, checkA11y }) => {
  await signInAs(await makeUser({ role: 'employee' }));
  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: MSG.accessDenied })).toBeVisible();
  await expect(page.getByText(MSG.accessDeniedBody)).toBeVisible();
  await expect(page).toHaveTitle(`${MSG.accessDenied} | WorkTrust`);
  await checkA11y('access denied');
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: MSG.accessDenied })).toBeVisible();
});

test('an employer may not open the company list', async ({ page, makeUser, signInAs }) => {
  await signInAs(await makeUser({ role: 'employer' }));
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: MSG.accessDenied })).toBeVisible();
});

test('unknown paths say "Page not found" to visitors and to signed-in users (issue 47)', async ({
  page,
  makeUser,
  signInAs,
}) => {
  // They sent a visitor to sign-in and then to the dashboard, as SPEC §2 had it.
  const visitor = await page.goto('/no/such/page');
  expect(visitor?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);

  await signInAs(await makeUser({ full_name: 'Farah Khan' }));
  await page.goto('/still/not/a/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in returns to the protected page the visitor asked for', async ({ page, makeUser }) => {
  const account = await makeUser({ role: 'employer' });
  await page.goto('/my-ratings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-ratings$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-ratings$/);
});

test('a moderator sees the moderation link and page', async ({ page, signInAs }) => {
  await signInAs(moderatorAccount);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'Moderation' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Moderator', { exact: true })).toBeVisible();
  // A moderator has no city: their code stands alone, with no dangling separator.
  await expect(page.getByText(/^MOD-[A-Z0-9]+$/)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Full name')).toBeVisible();
  // Nothing about being rated, and no empty City row.
  await expect(page.getByText('Rating details')).toHaveCount(0);
  await expect(page.getByText('City', { exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Moderation' }).click();
  await expect(page).toHaveURL(/\/moderation$/);
  await expect(page.getByRole('heading', { name: MSG.accessDenied })).toHaveCount(0);
});
