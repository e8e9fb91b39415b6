// Hindi (DESIGN §8.4): the switch on the landing page, the choice surviving a reload and a sign-in,
// the account's language following the user to a fresh browser, and the browser's language on a
// first visit.
import { expect, test } from './fixtures';

test('switch to Hindi, reload, sign in, and the account keeps Hindi in a fresh browser', async ({
  page,
  browser,
  makeUser,
  checkA11y,
}) => {
  const account = await makeUser();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText("Honest ratings for India's");

  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('के लिए सच्ची रेटिंग');
  await expect(page.getByRole('link', { name: 'कर्मचारी के रूप में जुड़ें' })).toBeVisible();
  await checkA11y('landing in Hindi');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('के लिए सच्ची रेटिंग');

  await page.getByRole('banner').getByRole('link', { name: 'लॉग इन' }).click();
  await expect(page.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
  await expect(page).toHaveTitle('लॉग इन | WorkTrust');
  await checkA11y('login in Hindi');
  await page.getByLabel('ईमेल').fill(account.email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'लॉग इन' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'डैशबोर्ड' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // A fresh browser starts in English, and signing in brings the account's Hindi back.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.getByLabel('Email').fill(account.email);
  await other.getByLabel('Password', { exact: true }).fill(account.password);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(
    other.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'डैशबोर्ड' }),
  ).toBeVisible();
  await fresh.close();
});

test("a first visit follows the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hi-IN' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'English' }).first()).toBeVisible();
  await context.close();
});
