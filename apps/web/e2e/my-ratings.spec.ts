// Journey: my ratings pages 10 at a time, on both tabs (ratings made through the API).
import { expect, test } from './fixtures';
import { makeUsers, openAs, rateViaApi } from './journeys-support';

test('my ratings: 12 received and 11 given, 10 a page with Previous/Next', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const [me] = await makeUsers(request, 1, () => ({ role: 'employee', full_name: 'Arjun Nambiar' }));
  const companies = await makeUsers(request, 12, (i) => ({
    role: 'employer',
    full_name: `Paging Company ${String(i + 1).padStart(2, '0')}`,
  }));
  for (const [i, company] of companies.entries()) {
    await rateViaApi(request, company, me.user.id, { score: (i % 5) + 1 });
    if (i < 11) await rateViaApi(request, me, company.user.id, { score: 4, anonymous: i % 2 === 0 });
  }

  await openAs(page, me, '/my-ratings');
  await expect(page.getByText('Showing 10 of 12')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const cards = page.getByRole('tabpanel').getByRole('article');
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await checkA11y('my ratings, received page 1');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 2 of 12')).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 10 of 12')).toBeVisible();

  await page.getByRole('tab', { name: 'Ratings Given' }).click();
  await expect(page.getByText('Showing 10 of 11')).toBeVisible();
  await expect(cards.first()).toContainText('Company Rating');
  await expect(cards.getByText('Anonymous', { exact: true })).not.toHaveCount(0);
  await expect(cards.getByText('Public', { exact: true })).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 1 of 11')).toBeVisible();
  await expect(page).toHaveURL(/tab=given&page=2/);
  await checkA11y('my ratings, given page 2');
});

test('empty states of both tabs', async ({ page, request }) => {
  const [me] = await makeUsers(request, 1, () => ({ role: 'employer' }));
  await openAs(page, me, '/my-ratings');
  await expect(page.getByText('No ratings received yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Ratings Given' }).click();
  await expect(page.getByText('No ratings given yet')).toBeVisible();
});
