// The header while the account menu's code is still on its way (issue 15 item 13).
import { expect, test } from './fixtures';

test('the avatar is a button from the first paint, and a click before the menu code arrives opens the menu', async ({
  page,
  makeUser,
  signInAs,
}) => {
  const user = await makeUser();
  await signInAs(user);
  // Hold the account menu's chunk until the avatar has been clicked.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(/\/assets\/account-menu-[^/]+\.js$/, async (route) => {
    held = true;
    await released;
    await route.continue();
  });

  await page.goto('/dashboard');
  const avatar = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await expect(avatar).toBeVisible();
  await expect.poll(() => held).toBe(true);
  await avatar.click();
  await expect(page.getByRole('menu')).toHaveCount(0);

  release();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
});
