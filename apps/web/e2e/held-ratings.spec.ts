// Journey (ADR 0030): on a server that holds anonymous ratings until the next day in India, as
// production does, an anonymous rating is written through the form; its author is told why it is not
// shown yet and finds it marked in My Ratings, on a desktop and a phone, in English and Hindi; the
// rated company sees nothing of it, and is told of nothing, until the release. An author suspended and
// reinstated is told their anonymous rating comes back with the next day's, which the company has not
// seen come back.
import { apiLogin, expect, moderatorAccount, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

test.use({ baseURL: process.env.HELD_E2E_URL });

test('an anonymous rating waits for the next day, seen and explained to its author alone', async ({
  page,
  request,
  checkA11y,
}) => {
  const [company] = await makeUsers(request, 1, () => ({
    role: 'employer',
    full_name: 'Tamarind Logistics',
  }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Anjali Rao' }));
  const feedback = 'Fair contracts, slow payroll.';

  await openAs(page, author, `/user/${company.user.id}`);
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  const form = page.getByRole('form', { name: 'Rate Tamarind Logistics' });
  await form
    .getByRole('radiogroup', { name: 'Work Environment' })
    .getByRole('radio', { name: '4 stars' })
    .click();
  await form.getByLabel('Feedback (optional)').fill(feedback);
  await form.getByRole('checkbox', { name: 'Submit anonymously' }).check();
  await form.getByRole('button', { name: 'Submit Rating' }).click();

  // Told why it is not on the page: its time would point at its author.
  await expect(
    page.getByText(/Anonymous ratings are published together at the start of the next day in India/).first(),
  ).toBeVisible();
  await expect(page.getByText('You have already rated this company.')).toBeVisible();
  await expect(page.getByText(feedback)).toHaveCount(0);

  // In My Ratings, where the profile points its author, marked and explained.
  await page.getByRole('link', { name: 'See your rating in My Ratings' }).click();
  await expect(page).toHaveURL(/\/my-ratings\?tab=given$/);
  const card = page.getByRole('article').filter({ hasText: feedback });
  await expect(card.getByText('Published tomorrow')).toBeVisible();
  await expect(card.getByText(/Until then only you can see it\./)).toBeVisible();
  await checkA11y('my ratings with a held rating');
  // Withdrawing it says what that means for a rating nobody else has seen.
  await card.getByRole('button', { name: /^Withdraw/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(/It is deleted before anyone else sees it/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // On a phone, in Hindi.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(card.getByText('कल प्रकाशित होगी')).toBeVisible();
  await expect(card.getByText(/तब तक इसे सिर्फ़ आप देख सकते हैं/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The company: no rating, no notification.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, company, '/my-ratings?tab=received');
  await expect(page.getByText(/No ratings received yet|अभी तक कोई रेटिंग नहीं मिली/)).toBeVisible();
  await expect(page.getByText(feedback)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /unread|अपठित/ })).toHaveCount(0);
});

test("a reinstated author's anonymous rating comes back with the next day's, and its author is told so", async ({
  page,
  request,
  checkA11y,
}, testInfo) => {
  const [company] = await makeUsers(request, 1, () => ({ role: 'employer', full_name: 'Saffron Textiles' }));
  const [author] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Meera Iyer' }));
  const feedback = 'Kind managers, little growth.';
  await rateViaApi(request, author, company.user.id, { anonymous: true, feedback });
  const { access } = await apiLogin(request, moderatorAccount.email, moderatorAccount.password);
  for (const action of ['suspend', 'reinstate']) {
    const done = await request.post(`/api/moderation/users/${author.user.id}/${action}/`, {
      data: { reason: 'Checked by a moderator' },
      headers: { authorization: `Bearer ${access}` },
    });
    expect(done.status(), await done.text()).toBe(200);
  }

  // Its author, signed in again, sees it coming back, not "Hidden by moderators", and why it waits.
  await openAs(page, author, '/my-ratings?tab=given');
  const card = page.getByRole('article').filter({ hasText: feedback });
  await expect(card.getByText('Published tomorrow')).toBeVisible();
  await expect(card.getByText('Hidden by moderators')).toHaveCount(0);
  await expect(
    card.getByText(/Your account is back\. This anonymous rating is published at the start/),
  ).toBeVisible();
  await checkA11y('my ratings with a rating coming back');
  await page.screenshot({ path: testInfo.outputPath('returning-desktop-en.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(card.getByText('कल प्रकाशित होगी')).toBeVisible();
  await expect(card.getByText(/आपका अकाउंट वापस आ गया है/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('returning-phone-hi.png'), fullPage: true });

  // The company sees nothing of it until the release.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, company, `/user/${company.user.id}`);
  await expect(page.getByRole('heading', { name: 'Saffron Textiles' }).first()).toBeVisible();
  await expect(page.getByText(feedback)).toHaveCount(0);
});
