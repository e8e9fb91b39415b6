// What a first-time user stumbled on (issue 47), in the browser: a new page opens at its top and Back
// returns where the person was; a suspended person who types the right password is told so, with the
// moderator's reason and the way to the grievance form; an unknown address is "Page not found" with status 404, in both
// languages; the audit log reads as cards on a 360 px phone, with no sideways scroll; a session the
// server ended sends its device to sign-in with a word why.
import { MSG } from '@workspace/contracts';
import { apiLogin, createUser, expect, moderatorAccount, test } from './fixtures';
import { openAs } from './journeys-support';

const PHONE = { width: 390, height: 844 };

test('a footer link opens the page at its top, and Back returns to where the person was', async ({
  page,
}) => {
  for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' });
    await expect(privacy).toBeAttached();
    await privacy.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(500);
    await privacy.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(bottom - 50);
  }
});

test('after registering on a phone, sign-in opens at its top with the message in view', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const email = `scroll-${Date.now().toString(36)}@e2e.test`;
  await page.getByLabel('Full name').fill('Scroll Sharma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-Password-2024');
  await page.getByLabel('Confirm password').fill('e2e-Password-2024');
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and accept the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login/);
  // In view, below the sticky header (it opened at scrollY 178, the message under the header).
  const message = page.getByText(MSG.registrationSuccess);
  await expect(message).toBeInViewport();
  const headerBottom = await page
    .getByRole('banner')
    .evaluate((header) => header.getBoundingClientRect().bottom);
  expect((await message.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(40);
});

test('a suspended person with the right password is told the account is suspended, and where to turn', async ({
  page,
  request,
  checkA11y,
}) => {
  const person = await createUser(request, { role: 'employee', full_name: 'Suspended Suresh' });
  const moderator = await apiLogin(request, moderatorAccount.email, moderatorAccount.password);
  const suspended = await request.post(`/api/moderation/users/${person.user.id}/suspend/`, {
    data: { reason: 'Fake reviews' },
    headers: { authorization: `Bearer ${moderator.access}` },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This account is suspended.');
  // With the reason the moderator wrote for them, so that an appeal can answer it.
  await expect(alert).toContainText("Moderators' reason: Fake reviews");
  await checkA11y('suspended sign-in');
  await alert.getByRole('link', { name: 'Go to the grievance form' }).click();
  await expect(page).toHaveURL(/\/grievance$/);
  // A wrong password is still only "incorrect".
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.loginIncorrect);
});

test('an unknown address is "Page not found", status 404, in English and Hindi', async ({
  page,
  checkA11y,
}) => {
  const answer = await page.goto('/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await checkA11y('404');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  const hindi = await page.goto('/users/12/profile');
  expect(hindi?.status()).toBe(404);
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.getByRole('heading', { name: 'पेज नहीं मिला' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeVisible();
  // The Grievance Officer's default name is the title, in Hindi too (it showed in English).
  await page.goto('/grievance');
  await expect(page.getByText('grievances@worktrust.example')).toBeVisible();
  await expect(page.getByText('Grievance Officer', { exact: true })).toHaveCount(0);
});

test('the audit log on a 360 px phone: cards, whole words, grievance numbers, no sideways scroll', async ({
  page,
  request,
}) => {
  const moderator = await apiLogin(request, moderatorAccount.email, moderatorAccount.password);
  const filed = await request.post('/api/core/grievances/', {
    data: {
      category: 'OTHER',
      details: 'A review of me names my street; please remove it.',
      email: 'phone@e2e.test',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const grievance = (await filed.json()) as { id: number; number: string };
  const closed = await request.post(`/api/moderation/grievances/${grievance.id}/close/`, {
    data: { reason: 'Reviewed by the moderators and removed from the profile.' },
    headers: { authorization: `Bearer ${moderator.access}` },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  await page.setViewportSize({ width: 360, height: 780 });
  await openAs(page, moderatorAccount, '/moderation?tab=audit');
  const entries = page.getByRole('list', { name: 'Moderation actions, newest first' });
  const entry = entries.getByRole('listitem').filter({ hasText: grievance.number });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Closed grievance')).toBeVisible();
  await expect(entry.getByText('Reviewed by the moderators and removed from the profile.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Every card fits the screen.
  const widest = await entries.evaluate((list) =>
    Math.max(...[...list.querySelectorAll('li')].map((li) => li.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(360);
});

test('a device whose session was ended lands on sign-in with a word why', async ({ page, request }) => {
  const person = await createUser(request, { role: 'employee', full_name: 'Ended Esha' });
  await openAs(page, person, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every session of the account ends elsewhere: a password change from another device.
  const other = await apiLogin(request, person.email, person.password);
  const changed = await request.put('/api/auth/change-password/', {
    data: {
      old_password: person.password,
      new_password: 'e2e-Changed-2025!',
      new_password_confirm: 'e2e-Changed-2025!',
    },
    headers: { authorization: `Bearer ${other.access}` },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.evaluate(() => localStorage.setItem('worktrust.access', 'expired.token.value'));
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/Your session has ended/)).toBeVisible();
});
