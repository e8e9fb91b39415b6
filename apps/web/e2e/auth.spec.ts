// Journeys: register both roles and sign in; sign-out; signed-in visitors leave the public pages.
import { MSG } from '@workspace/contracts';
import { ACCESS_KEY, DEFAULT_PASSWORD, expect, REFRESH_KEY, test, uniqueEmail } from './fixtures';

test('an employee registers with skills and work history, then signs in', async ({ page, checkA11y }) => {
  const email = uniqueEmail('ui-employee');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText("Honest ratings for India's");
  await checkA11y('landing');
  await page.getByRole('link', { name: 'Join as Employee' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('radio', { name: /Employee/ })).toBeChecked();

  await page.getByLabel('Full name').fill('Meera Joshi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEFAULT_PASSWORD);
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('LinkedIn URL (optional)').fill('https://www.linkedin.com/in/meera-joshi');
  await page.getByLabel('Skills').fill('React');
  await page.getByLabel('Skills').press('Enter');
  await page.getByLabel('Skills').fill('PostgreSQL');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add experience' }).click();
  await page.getByLabel('Company (experience 1)').fill('Infosys');
  await page.getByLabel('Position (experience 1)').fill('Engineer');
  await page.getByLabel('Duration (experience 1)').fill('2019 - 2023');
  // An incomplete entry is dropped on submit rather than blocking it.
  await page.getByRole('button', { name: 'Add experience' }).click();
  await page.getByLabel('Company (experience 2)').fill('Half-filled Ltd');
  await checkA11y('register (employee, filled)');
  await page.getByRole('checkbox', { name: /I have read and accept the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MSG.registrationSuccess)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to WorkTrust' })).toBeVisible();
  // The address just given is not asked for again: the password is next.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toBeFocused();
  await checkA11y('login with the registration message');
  // Shown once: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(MSG.registrationSuccess)).toHaveCount(0);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A first visit is welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Meera Joshi!' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Employees' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByText('Employee', { exact: true })).toBeVisible();

  // What was stored is what was typed, minus the incomplete experience.
  const profile = await page.evaluate(async (key) => {
    const response = await fetch('/api/auth/profile/', {
      headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
    });
    return response.json();
  }, ACCESS_KEY);
  expect(profile.skills).toEqual(['React', 'PostgreSQL']);
  expect(profile.work_history).toEqual([
    { company: 'Infosys', position: 'Engineer', duration: '2019 - 2023' },
  ]);
  expect(profile.linkedin_url).toBe('https://www.linkedin.com/in/meera-joshi');
});

test('an employer registers without skills, then signs in and sees the employee list link', async ({
  page,
  checkA11y,
}) => {
  const email = uniqueEmail('ui-employer');
  await page.goto('/');
  await page.getByRole('link', { name: 'Join as Employer' }).click();
  await expect(page.getByRole('radio', { name: /Employer/ })).toBeChecked();
  await expect(page.getByLabel('Skills')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Work history' })).toHaveCount(0);

  await page.getByLabel('Company name').fill('Sundaram Textiles');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEFAULT_PASSWORD);
  await page.getByLabel('City').fill('Coimbatore');
  await page.getByRole('checkbox', { name: /I have read and accept the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(MSG.registrationSuccess)).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'Employees' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Ratings' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Employer', { exact: true })).toBeVisible();
  await checkA11y('dashboard (employer)');
});

test('registration shows the server errors: a taken email', async ({ page, makeUser }) => {
  const existing = await makeUser({ role: 'employer' });
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Second Try');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEFAULT_PASSWORD);
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and accept the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.emailTaken })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password says so, and the login form validates before sending', async ({ page, makeUser }) => {
  const account = await makeUser();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  await expect(page.getByText(MSG.passwordRequired)).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.loginIncorrect)).toBeVisible();
});

test('sign-out from the avatar menu returns to the landing page and revokes the session', async ({
  page,
  makeUser,
  signInAs,
}) => {
  const account = await makeUser({ full_name: 'Ravi Shankar' });
  const tokens = await signInAs(account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Ravi Shankar')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join as Employee' })).toBeVisible();
  expect(
    await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), [ACCESS_KEY, REFRESH_KEY]),
  ).toEqual([null, null]);
  // The logout call revoked the refresh token on the server.
  await expect
    .poll(async () =>
      (await page.request.post('/api/auth/refresh/', { data: { refresh: tokens.refresh } })).status(),
    )
    .toBe(401);
});

test('a signed-in visitor skips the landing, login and register pages', async ({
  page,
  makeUser,
  signInAs,
}) => {
  await signInAs(await makeUser());
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login?redirectTo=%2Fmy-ratings');
  await expect(page).toHaveURL(/\/my-ratings$/);
});

test('signing out in another tab signs this tab out too', async ({ page, context, makeUser, signInAs }) => {
  await signInAs(await makeUser());
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: 'Account menu' }).click();
  await other.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(other).toHaveURL(/\/$/);

  // The first tab follows through the storage event: it is sent to sign in, remembering the page.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});
