// Journey: an expired or broken access token is refreshed behind the scenes; a dead session signs out.
import { ACCESS_KEY, expect, REFRESH_KEY, test } from './fixtures';

const readTokens = (keys: string[]) => keys.map((k) => localStorage.getItem(k));

test('a broken access token is refreshed and the user carries on', async ({ page, makeUser, signInAs }) => {
  const account = await makeUser({ full_name: 'Kabir Das' });
  const tokens = await signInAs(account);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.evaluate((key) => localStorage.setItem(key, 'expired.or.tampered'), ACCESS_KEY);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh/') && r.status() === 200);
  await page.goto('/profile');
  await refreshed;

  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Kabir Das')).toBeVisible();
  const [access, refresh] = await page.evaluate(readTokens, [ACCESS_KEY, REFRESH_KEY]);
  expect(access).not.toBe('expired.or.tampered');
  // The rotated refresh token was stored, not the one the fixture signed in with.
  expect(refresh).not.toBe(tokens.refresh);
  // The replaced token, within the server's grace window for simultaneous refreshes (ADR 0004), answers
  // with the session's current refresh token: still one session, never a second one.
  const again = await page.request.post('/api/auth/refresh/', { data: { refresh: tokens.refresh } });
  expect(again.status()).toBe(200);
  const jti = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti as string;
  expect(jti(((await again.json()) as { refresh: string }).refresh)).toBe(jti(refresh ?? ''));
});

test('when the refresh is refused the tokens are removed and the user must sign in', async ({
  page,
  makeUser,
  signInAs,
}) => {
  await signInAs(await makeUser());
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.evaluate(
    ({ a, r }) => {
      localStorage.setItem(r, 'revoked');
      localStorage.setItem(a, 'expired');
    },
    { a: ACCESS_KEY, r: REFRESH_KEY },
  );
  await page.goto('/my-ratings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-ratings$/);
  expect(await page.evaluate(readTokens, [ACCESS_KEY, REFRESH_KEY])).toEqual([null, null]);
});
