// Hindi (DESIGN §8.4): the switch on the landing page, the choice surviving a reload and a sign-in,
// the account's language following the user to a fresh browser, the browser's language on a first
// visit, and a whole journey in Hindi on a phone and on a desktop (search, profile, rating, sign-out).
import { apiLogin, expect, test } from './fixtures';
import { makeUsers, marker, openAs } from './journeys-support';

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

// The same journey on a 360 px phone and on a desktop: Hindi's longer words must fit both.
for (const screen of [
  { device: 'phone', width: 360, height: 780 },
  { device: 'desktop', width: 1280, height: 800 },
] as const) {
  test(`in Hindi on a ${screen.device}: search companies, open one, rate it, and sign out`, async ({
    page,
    request,
    checkA11y,
  }) => {
    test.slow();
    const name = marker('Sarvodayaudyogsamooh');
    await makeUsers(request, 1, () => ({
      role: 'employer',
      full_name: `${name} Pvt Ltd`,
      city: 'Indore',
    }));
    const [employee] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Hindi Hema' }));
    // The account's language is Hindi (as the switch records it), so the app opens in Hindi.
    const { access } = await apiLogin(request, employee.email, employee.password);
    const chosen = await request.patch('/api/auth/profile/', {
      data: { language: 'hi' },
      headers: { authorization: `Bearer ${access}` },
    });
    expect(chosen.status()).toBe(200);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await openAs(page, employee, '/companies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'कंपनियाँ' })).toBeVisible();

    // Search by a fragment of the name, as a person types it.
    await page.getByRole('searchbox', { name: 'खोजें' }).fill(name.slice(0, 6).toLowerCase() + name.slice(6));
    await page.getByRole('button', { name: 'खोजें' }).click();
    await expect(page.getByText(/1 में से 1 दिखाई जा रही हैं/)).toBeVisible();
    await checkA11y(`companies search in Hindi on a ${screen.device}`);
    await page.getByRole('link', { name: `${name} Pvt Ltd` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} Pvt Ltd` })).toBeVisible();
    await expect(page.getByText('अभी तक कोई समीक्षा नहीं')).toBeVisible();

    // Rate it: the form, its stars and its answer in Hindi.
    await page.getByRole('button', { name: 'रेट करें', exact: true }).click();
    const form = page.getByRole('form', { name: `${name} Pvt Ltd को रेट करें` });
    await expect(form.getByText('जिन श्रेणियों को आप आँक सकते हैं', { exact: false })).toBeVisible();
    await form
      .getByRole('radiogroup', { name: 'काम का माहौल' })
      .getByRole('radio', { name: '5 स्टार' })
      .click();
    await form
      .getByRole('radiogroup', { name: 'करियर में तरक्की' })
      .getByRole('radio', { name: '4 स्टार' })
      .click();
    await expect(form.getByText('6 में से 2 श्रेणियाँ रेट की गईं')).toBeVisible();
    // The page fits the screen in Hindi: longer labels beside the stars wrap, and so does the name, one
    // long word in the headings (it pushed a 360 px page to 371 px before headings could break it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);
    await form.getByLabel('फ़ीडबैक (वैकल्पिक)').fill('अच्छी कंपनी, सीखने को बहुत मिला।');
    await checkA11y(`rating form in Hindi on a ${screen.device}`);
    await form.getByRole('button', { name: 'रेटिंग जमा करें' }).click();
    await expect(page.getByText('रेटिंग जमा हो गई').first()).toBeVisible();
    const review = page.getByRole('article').filter({ hasText: 'अच्छी कंपनी, सीखने को बहुत मिला।' });
    await expect(review.getByText('काम का माहौल')).toBeVisible();
    await expect(page.getByText('(1 समीक्षा)').first()).toBeVisible();

    // Sign out from the account menu, in Hindi.
    await page.getByRole('button', { name: 'अकाउंट मेन्यू' }).click();
    await page.getByRole('menuitem', { name: 'लॉग आउट' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'कर्मचारी के रूप में जुड़ें' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  });
}
