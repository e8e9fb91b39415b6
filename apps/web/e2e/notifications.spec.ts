// Notifications in the browser (DESIGN §9.3, issue 44): the bell with its unread number in the header
// on a desktop and a phone, the Notifications page in English and Hindi, marking read, the mail
// settings on the account page, and the one-click unsubscribe link of a mail, followed without
// signing in.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiLogin, expect, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

/** The newest outbox mail to `address` whose subject is `subject`, once it is written. */
async function mailTo(address: string, subject: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const find = () =>
    readdirSync(dir)
      .sort()
      .reverse()
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .find((text) => text.startsWith(`To: ${address}\nSubject: ${subject}\n`)) ?? null;
  await expect.poll(find, { message: `no mail "${subject}" to ${address}`, timeout: 10_000 }).not.toBeNull();
  return find() as string;
}

test('the bell, the page and the mail settings, on a desktop and a phone, in English and Hindi', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [author, company] = await makeUsers(request, 2, (i) =>
    i === 0
      ? { role: 'employee', full_name: 'Notified Nisha' }
      : { role: 'employer', full_name: 'Bell Foods Pvt Ltd' },
  );
  const rating = await rateViaApi(request, author, company.user.id, { feedback: 'Good canteen.' });
  const { access } = await apiLogin(request, company.email, company.password);
  const reply = await request.post(`/api/core/ratings/${rating.id}/reply/`, {
    data: { message: 'Thank you, Nisha.' },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(reply.status()).toBe(201);

  // The author, on a desktop, in English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, author, '/dashboard');
  const bell = page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Bell Foods Pvt Ltd replied to your rating.' });
  await expect(item).toBeVisible();
  await checkA11y('notifications page on a desktop');
  await item.getByRole('button', { name: 'Mark as read' }).click();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }),
  ).toBeVisible();
  await item.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/my-ratings\?tab=given$/);

  // Mail of replies off, on the account page.
  await page.goto('/profile');
  const settings = page.locator('[data-slot="card"]').filter({ hasText: 'Notifications by mail' });
  const replies = settings.getByRole('checkbox', { name: 'A reply to your rating' });
  await expect(replies).toBeChecked();
  await replies.click();
  await expect(replies).not.toBeChecked();
  await page.reload();
  await expect(settings.getByRole('checkbox', { name: 'A reply to your rating' })).not.toBeChecked();
  await checkA11y('mail settings on the account page');

  // The company, on a phone, in Hindi: told of the rating without its author.
  await openAs(page, company, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'हिन्दी' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  const hindiBell = page.getByRole('banner').getByRole('link', { name: 'सूचनाएँ, 1 अपठित' });
  await expect(hindiBell).toBeVisible();
  await hindiBell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'सूचनाएँ' })).toBeVisible();
  await expect(
    page.getByText('किसी ने आपको रेट किया। इसे ‘मेरी रेटिंग’ में, मिली हुई रेटिंग के अंतर्गत पढ़ें।'),
  ).toBeVisible();
  await expect(page.getByText('Notified Nisha')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y('notifications page on a phone in Hindi');
  await page.getByRole('button', { name: 'सभी को पढ़ा हुआ मानें' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'सूचनाएँ', exact: true })).toBeVisible();
});

test('the unsubscribe link of a mail works without signing in and stops that kind of mail', async ({
  request,
}) => {
  const [author, company] = await makeUsers(request, 2, (i) =>
    i === 0
      ? { role: 'employee', full_name: 'Unsubscribing Uma' }
      : { role: 'employer', full_name: 'Quiet Mills' },
  );
  const rating = await rateViaApi(request, author, company.user.id);
  const { access } = await apiLogin(request, company.email, company.password);
  const headers = { authorization: `Bearer ${access}` };
  await request.post(`/api/core/ratings/${rating.id}/reply/`, { data: { message: 'Thanks.' }, headers });
  const mail = await mailTo(author.email, 'Quiet Mills replied to your rating');
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const link = /List-Unsubscribe: <([^>]+)>/.exec(mail)?.[1] ?? '';
  const path = new URL(link).pathname + new URL(link).search;
  // No Authorization header: the signed link is enough.
  const done = await request.post(path, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(done.status()).toBe(200);
  const mine = await apiLogin(request, author.email, author.password);
  const settings = await request.get('/api/auth/notification-settings/', {
    headers: { authorization: `Bearer ${mine.access}` },
  });
  expect((await settings.json()).email).toMatchObject({ reply_received: false, dispute_opened: true });
});
