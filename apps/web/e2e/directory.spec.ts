// Journey: browse and filter both lists (companies for employees, employees for employers).
import { expect, test } from './fixtures';
import { makeUsers, marker, openAs, rateViaApi } from './journeys-support';

test('an employee browses, filters, sorts and pages the companies', async ({ page, request, checkA11y }) => {
  test.slow();
  const word = marker('Zenith');
  // 21 companies share a word in their names: a search for it pages (20 + 1). Three are in Mysuru,
  // one of them registered under the city's older name, which is stored as the name kept (ADR 0033).
  const companies = await makeUsers(request, 21, (i) => ({
    role: 'employer',
    full_name: `${word} Works ${String(i + 1).padStart(2, '0')}`,
    city: i === 0 ? 'Mysore' : i < 3 ? 'Mysuru' : 'Nagpur',
  }));
  const rater = await makeUsers(request, 1, () => ({ role: 'employee' }));
  // Two Mysuru companies get ratings: 5 stars and 3 stars.
  await rateViaApi(request, rater[0], companies[0].user.id, { score: 5 });
  const viewer = (await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Browsing Bala' })))[0];
  await rateViaApi(request, viewer, companies[1].user.id, { score: 3 });

  await openAs(page, viewer, '/dashboard');
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Companies' })
    .click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();

  await page.getByLabel('Search').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 20 of 21')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await checkA11y('companies (search)');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 1 of 21')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 20 of 21')).toBeVisible();

  // City filter, then a minimum rating on top of it.
  await page.getByLabel('City').fill('Mysuru');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 3 of 3')).toBeVisible();
  await page.getByLabel('Minimum rating').selectOption({ label: '4+ stars' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: companies[0].user.full_name });
  await expect(card.getByText('Not rated by you')).toBeVisible();
  await expect(card.getByText('(1 review)', { exact: true })).toBeVisible();
  await expect(card.getByText('Mysuru', { exact: true })).toBeVisible();

  // The viewer's own rating shows as 'Rated by you'; sorting by rating puts 5 stars above 3 stars.
  await page.getByLabel('Minimum rating').selectOption({ label: 'Any' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 3 of 3')).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: companies[1].user.full_name })
      .getByText('Rated by you', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'Highest rating' });
  await expect(page).toHaveURL(/sort=rating/);
  const names = page.getByRole('list', { name: 'Companies' }).getByRole('heading');
  await expect(names.first()).toHaveText(companies[0].user.full_name);
  await expect(names.nth(1)).toHaveText(companies[1].user.full_name);

  // The filters live in the URL: a reload keeps them; Clear Filters drops them.
  await page.reload();
  await expect(page.getByText('Showing 3 of 3')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Mysuru');
  await page.getByLabel('Search').fill(`${word}-nothing`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No companies found')).toBeVisible();
  await checkA11y('companies (empty)');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByLabel('City')).toHaveValue('');
  // The sort is not a filter: it stays.
  await expect(page).toHaveURL(/\/companies\?sort=rating$/);

  // A card leads to the company's profile.
  await page.goto(`/companies?search=${word}&city=Mysuru&sort=rating`);
  await page.getByRole('link', { name: companies[0].user.full_name }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${companies[0].user.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: companies[0].user.full_name })).toBeVisible();
});

test('an employer filters employees by skills and sees three skills then +N more', async ({
  page,
  request,
  checkA11y,
}) => {
  const word = marker('Vega');
  const [full, partial] = await makeUsers(request, 2, (i) => ({
    role: 'employee',
    full_name: `${word} Person ${i + 1}`,
    city: 'Kochi',
    skills: i === 0 ? ['Kotlin', 'SQL', 'Docker', 'Figma', 'Go'] : ['Kotlin', 'Excel'],
  }));
  const employer = (await makeUsers(request, 1, () => ({ role: 'employer' })))[0];

  await openAs(page, employer, '/employees');
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: full.user.full_name });
  const skills = card.getByRole('list', { name: `Skills of ${full.user.full_name}` }).getByRole('listitem');
  await expect(skills).toHaveText(['Kotlin', 'SQL', 'Docker', '+2 more']);
  await checkA11y('employees');

  await page.getByLabel('Skills', { exact: true }).fill('kotlin, sql');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(page.getByRole('link', { name: full.user.full_name })).toBeVisible();
  await expect(page.getByRole('link', { name: partial.user.full_name })).toHaveCount(0);

  await page.getByLabel('Skills', { exact: true }).fill('kotlin, rust');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No employees found')).toBeVisible();
});
