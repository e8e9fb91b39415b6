// Journeys: contributors paging, the public information pages, the phone navigation, the test page.
import { MSG, type TransparencyReport } from '@workspace/contracts';
import { expect, test } from './fixtures';

test('contributors page through 15 entries, 5 at a time', async ({ page, checkA11y }) => {
  // One picture is broken on purpose: it must fall back to an icon.
  await page.route('**/images/contributors/priya-iyer.svg', (route) => route.fulfill({ status: 404 }));
  await page.goto('/about');
  await page.getByRole('link', { name: 'Meet Our Team' }).click();
  await expect(page).toHaveURL(/\/contributors$/);

  const grid = page.getByRole('region', { name: 'Meet the team' });
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByText('Page 1 of 3, Showing 5 of 15 contributors')).toBeVisible();
  await expect(grid.getByRole('heading', { level: 3 })).toHaveCount(5);
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await expect(grid.getByTestId('contributor-fallback-icon')).toHaveCount(1);
  await expect(page.getByText('Team Members')).toBeVisible();
  await checkA11y('contributors page 1');

  // The scroll to the grid is smooth, an animation that a busy machine can stretch or that another
  // scroll can cut short; with reduced motion the page jumps, which is what this checks. The smooth
  // behaviour itself is covered by contributors-directory.test.tsx.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await next.click();
  await expect(page.getByText('Page 2 of 3, Showing 5 of 15 contributors')).toBeVisible();
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByText('Page 3 of 3, Showing 5 of 15 contributors')).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  // The grid is scrolled into view after a page change.
  await expect(grid.getByRole('heading', { name: 'Meet the team' })).toBeInViewport();
  await checkA11y('contributors page 3');

  await page.getByRole('link', { name: 'Back to About' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('about and how-ratings-work explain the product and link onwards', async ({ page, checkA11y }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
  for (const offering of [
    'Anonymous Rating',
    'Profile Management',
    'Verified Profile Search',
    'Review Protection',
  ]) {
    await expect(page.getByRole('heading', { name: offering, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/login',
  );
  await checkA11y('about');

  await page.getByRole('link', { name: 'Read how ratings work' }).click();
  await expect(page.getByRole('heading', { name: 'How ratings work', level: 1 })).toBeVisible();
  await expect(page.getByText('Bayesian average')).toBeVisible();
  await expect(page.getByText('scores of 5, 4, 4, 3, 5, 4 give 4.2')).toBeVisible();
  await checkA11y('how ratings work');
});

test('the landing page has every section of SPEC §2', async ({ page }) => {
  await page.goto('/');
  // The figures are the live totals of the transparency report, not fixed claims (issue 13).
  const report = (await (await page.request.get('/api/core/transparency/')).json()) as TransparencyReport;
  const stats = page.getByRole('region', { name: 'WorkTrust in numbers' });
  for (const [label, value] of [
    ['Companies', report.totals.companies],
    ['Professionals', report.totals.employees],
    ['Published reviews', report.totals.published_ratings],
  ] as const) {
    const figure = stats.getByText(label, { exact: true }).locator('xpath=..');
    await expect(figure).toContainText(new Intl.NumberFormat('en-IN').format(value));
  }
  await expect(page.getByText('10,000+', { exact: true })).toHaveCount(0);
  await stats.getByRole('link', { name: 'See our transparency report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency report' })).toBeVisible();
  await page.goBack();
  for (const step of ['Sign Up', 'Connect & Rate', 'Build Reputation']) {
    await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Everything you need to rate fairly' }).getByRole('listitem'),
  ).toHaveCount(6);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
});

test('on a phone the navigation folds into a menu that works by keyboard', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'About Us' })).toBeVisible();
  await checkA11y('landing on a phone, menu open');
  // Escape closes it, and the keyboard is back on its button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toHaveCount(0);
  // A language chosen in it closes it too, and the keyboard is back on its button, in that language.
  await toggle.click();
  await menu.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'मेन्यू खोलें' })).toBeFocused();
  // The footer's entries wrap into rows; each shows its text from its own edge (no padding), so
  // every row starts in line whichever entry wraps, the language switch too.
  const footerItems = await page
    .getByRole('contentinfo')
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const shown = item.firstElementChild as HTMLElement;
        const padding = Number.parseFloat(getComputedStyle(shown).paddingLeft);
        return {
          text: shown.textContent,
          itemLeft: item.getBoundingClientRect().left,
          contentLeft: shown.getBoundingClientRect().left + padding,
        };
      }),
    );
  expect(footerItems.length).toBeGreaterThan(5);
  for (const item of footerItems) expect(item.contentLeft, item.text ?? '').toBeCloseTo(item.itemLeft, 0);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the test page asks visitors to sign in, and fetches and updates the profile for users', async ({
  page,
  makeUser,
  signInAs,
  checkA11y,
}) => {
  await page.goto('/test-profile');
  await expect(page.getByText(MSG.testProfileSignedOut)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fetch Profile' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await checkA11y('test page, signed out');

  const account = await makeUser({ full_name: 'Tara Menon', city: 'Kochi' });
  await signInAs(account);
  await page.goto('/test-profile');
  await page.getByRole('button', { name: 'Fetch Profile' }).click();
  await expect(page.getByText(MSG.testProfileFetched)).toBeVisible();
  await expect(page.getByText('200', { exact: true })).toBeVisible();
  await expect(page.locator('pre')).toContainText(account.email);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(MSG.testProfileUpdated)).toBeVisible();
  await expect(page.locator('pre')).toContainText('"city": "Kochi"');
  await checkA11y('test page, signed in');
});

test('every public page passes axe on a phone and fits the screen', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/',
    '/about',
    '/contributors',
    '/how-ratings-work',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/test-profile',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkA11y(`${path} at 390 px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test('the test page result stays accessible on a phone', async ({ page, makeUser, signInAs, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(await makeUser());
  await page.goto('/test-profile');
  await page.getByRole('button', { name: 'Fetch Profile' }).click();
  await expect(page.getByText(MSG.testProfileFetched)).toBeVisible();
  await checkA11y('test page result at 390 px');
});
