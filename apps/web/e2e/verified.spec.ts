// Verified employment in the browser (DESIGN §8.2, §9.1, issues 13 and 42): a company confirms its
// sign-in email and declares its domain on its account page; an employee verifies on a phone with the
// code from the server's outbox and rates the company anonymously; once the company has
// VERIFIED_BADGE_MIN verified raters (four more verify through the API), its page shows "Verified
// employee" on their reviews only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { WORK_EMAIL_CODE_LENGTH } from '@workspace/contracts';
import { apiLogin, createUser, expect, type TestUser, test } from './fixtures';
import { openAs, rateViaApi } from './journeys-support';

/** The code of the newest outbox mail to `address`, or null while none has been written. */
function codeIn(address: string): string | null {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  // A fresh server makes the folder with its first mail.
  if (!existsSync(dir)) return null;
  const mail = readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .find((text) => text.startsWith(`To: ${address}\n`));
  return new RegExp(`Your code is (\\d{${WORK_EMAIL_CODE_LENGTH}})\\.`).exec(mail ?? '')?.[1] ?? null;
}

/** The code mailed to `address`: mail is written after the answer, so it is waited for. */
async function mailedCode(address: string): Promise<string> {
  await expect.poll(() => codeIn(address), { message: `no code mailed to ${address}` }).not.toBeNull();
  return codeIn(address) as string;
}

/** Verifies `person` at `address` through the API, with the code from the outbox. */
async function verifyViaApi(request: APIRequestContext, person: TestUser, address: string) {
  const { access } = await apiLogin(request, person.email, person.password);
  const headers = { authorization: `Bearer ${access}` };
  const asked = await request.post('/api/auth/work-email/', { data: { email: address }, headers });
  expect(asked.status(), await asked.text()).toBe(202);
  const confirmed = await request.post('/api/auth/work-email/confirm/', {
    data: { code: await mailedCode(address) },
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test('a company declares its domain; an employee verifies and their anonymous review is badged', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const domain = `neem-${Date.now().toString(36)}.in`;
  const company = await createUser(request, {
    role: 'employer',
    full_name: 'Neem Analytics',
    email: `hr@${domain}`,
  });
  const employee = await createUser(request, { role: 'employee', full_name: 'Verified Vani' });
  const other = await createUser(request, { role: 'employee', full_name: 'Plain Prakash' });

  await openAs(page, company, '/profile');
  const card = page.locator('[data-slot="card"]').filter({ hasText: 'Verified employees' });
  // First the company proves its sign-in address.
  await card.getByRole('button', { name: 'Send code' }).click();
  await card.getByLabel('Code from the email').fill(await mailedCode(company.email));
  await card.getByRole('button', { name: 'Confirm' }).click();
  // Said on the card, where the code was, and it stays there.
  await expect(card.getByText(`Your sign-in email ${company.email} is confirmed.`)).toBeVisible();
  await expect(card.getByLabel('Email domain')).toHaveValue(domain);
  await card.getByRole('button', { name: 'Save domain' }).click();
  await expect(
    page.getByText(`Your employees can now verify with an address at ${domain}`).first(),
  ).toBeVisible();
  await expect(card.getByText(`Declared: ${domain}`)).toBeVisible();
  await checkA11y('company account page with the domain');

  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, employee, '/profile');
  const verify = page.locator('[data-slot="card"]').filter({ hasText: 'Verify your work email' });
  const address = `vani@${domain}`;
  await verify.getByLabel('Work email').fill(address);
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(
    verify.getByText(`We sent a code to ${address} for Neem Analytics.`, { exact: false }),
  ).toBeVisible();
  await verify.getByLabel('Code from the email').fill(await mailedCode(address));
  await checkA11y('code entry on a phone');
  await verify.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You are a verified employee of Neem Analytics').first()).toBeVisible();
  await expect(verify.getByRole('list', { name: 'Your verifications' })).toContainText('Neem Analytics');

  await rateViaApi(request, employee, company.user.id, { anonymous: true, feedback: 'Good data team.' });
  // Its author alone is told why it carries no badge yet.
  await page.goto('/my-ratings?tab=given');
  const mine = page.getByRole('article').filter({ hasText: 'Good data team.' });
  await expect(
    mine.getByText(/You wrote this as a verified employee\. The badge shows once enough/),
  ).toBeVisible();
  await expect(mine.getByText('Verified employee', { exact: true })).toHaveCount(0);
  // The badge shows once the company has five verified raters (VERIFIED_BADGE_MIN).
  for (let i = 1; i <= 4; i += 1) {
    const colleague = await createUser(request, { role: 'employee', full_name: `Colleague ${i}` });
    await verifyViaApi(request, colleague, `colleague${i}@${domain}`);
    await rateViaApi(request, colleague, company.user.id, { anonymous: true });
  }
  await rateViaApi(request, other, company.user.id, { feedback: 'Decent pay.' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, other, `/user/${company.user.id}`);
  const badged = page.getByRole('article').filter({ hasText: 'Good data team.' });
  await expect(badged.getByText('Verified employee')).toBeVisible();
  await expect(badged.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await expect(
    page.getByRole('article').filter({ hasText: 'Decent pay.' }).getByText('Verified employee'),
  ).toHaveCount(0);
  await checkA11y('profile with a verified review');
});

/** A company at a new domain of its own, proven and declared through the API. */
async function companyWithDomain(request: APIRequestContext, name: string) {
  const domain = `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now().toString(36)}.in`;
  const company = await createUser(request, { role: 'employer', full_name: name, email: `hr@${domain}` });
  const { access } = await apiLogin(request, company.email, company.password);
  const headers = { authorization: `Bearer ${access}` };
  expect((await request.post('/api/auth/email/verify/', { headers })).status()).toBe(202);
  const proven = await request.post('/api/auth/email/verify/confirm/', {
    data: { code: await mailedCode(company.email) },
    headers,
  });
  expect(proven.status(), await proven.text()).toBe(200);
  const declared = await request.patch('/api/auth/profile/', { data: { email_domain: domain }, headers });
  expect(declared.status(), await declared.text()).toBe(200);
  return { company, domain };
}

test('a reader sees how many ratings come from verified employees and reads those alone, in both languages', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const { company, domain } = await companyWithDomain(request, 'Tulsi Textiles');
  for (let i = 1; i <= 5; i += 1) {
    const colleague = await createUser(request, { role: 'employee', full_name: `Weaver ${i}` });
    await verifyViaApi(request, colleague, `weaver${i}@${domain}`);
    await rateViaApi(request, colleague, company.user.id, { score: 5, feedback: `Verified weaver ${i}.` });
  }
  for (let i = 1; i <= 2; i += 1) {
    const passer = await createUser(request, { role: 'employee', full_name: `Passer ${i}` });
    await rateViaApi(request, passer, company.user.id, { score: 1, feedback: `Unverified passer ${i}.` });
  }
  const reader = await createUser(request, { role: 'employee', full_name: 'Reader Rekha' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, reader, `/user/${company.user.id}`);
  await expect(page.getByText('5 of 7 ratings from verified employees')).toBeVisible();
  await expect(page.getByText('Unverified passer 1.')).toBeVisible();
  const only = page.getByRole('switch', { name: 'Verified only' });
  await expect(only).not.toBeChecked();
  await only.click();
  await expect(page).toHaveURL(/\?verified=true$/);
  await expect(page.getByText('Unverified passer 1.')).toHaveCount(0);
  await expect(page.getByText('Verified weaver 5.')).toBeVisible();
  // The summary is of the verified ratings alone: five of 5 stars.
  await expect(page.getByText('(5 reviews)', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1 }).locator('..').locator('..').getByText('5.0'),
  ).toBeVisible();
  await checkA11y('a company profile, verified only, on a desktop');

  // Shared as a link, on a phone, in Hindi.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByText('7 में से 5 रेटिंग सत्यापित कर्मचारियों की')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'केवल सत्यापित' })).toBeChecked();
  await expect(page.getByText('Unverified passer 1.')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y('a company profile, verified only, on a phone in Hindi');
  await page.getByRole('switch', { name: 'केवल सत्यापित' }).click();
  await expect(page.getByText('Unverified passer 2.')).toBeVisible();
  await expect(page).not.toHaveURL(/verified=true/);
});
