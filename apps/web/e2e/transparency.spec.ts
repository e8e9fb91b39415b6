// The public transparency report (DESIGN §8.2, issue 13): reached from the footer, its figures are the
// API's (which counts them from the data and the moderation log), on a phone and in Hindi.
import type { TransparencyReport } from '@workspace/contracts';
import { expect, test } from './fixtures';

test('the transparency report shows the counted figures, on desktop, on a phone and in Hindi', async ({
  page,
  request,
  checkA11y,
}) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency report' })).toBeVisible();
  await expect(page).toHaveTitle('Transparency report | WorkTrust');
  const report = (await (await request.get('/api/core/transparency/')).json()) as TransparencyReport;
  // The server counts the report at most every five minutes, so the page shows what the API answers.
  const latest = report.months.at(-1);
  expect(report.months).toHaveLength(12);

  const ratings = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Ratings', exact: true }) });
  await ratings.getByText('Figures by month').click();
  const table = ratings.getByRole('table', { name: 'Ratings' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').first()).toHaveText(String(latest?.ratings.posted));
  await expect(page.getByText('Published reviews')).toBeVisible();
  // Flag reasons are named in words (the API messages' catalog), not shown as message ids.
  await expect(page.getByText('Offensive or abusive')).toBeVisible();
  // Automatic flags by rule, and the texts refused for personal data by kind (issue 45).
  await expect(page.getByText("Copied text: nearly the same as another account's rating")).toBeVisible();
  const refused = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Personal data refused', exact: true }) });
  await refused.getByText('Figures by month').click();
  const refusedRow = refused.getByRole('table', { name: 'Personal data refused' }).getByRole('row').nth(1);
  await expect(refusedRow.getByRole('cell').first()).toHaveText(
    String(latest?.personal_data_refused.ratings),
  );
  await expect(refused.getByText('Street addresses with a PIN code')).toBeVisible();
  await checkA11y('transparency report');

  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'पारदर्शिता रिपोर्ट' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'निजी जानकारी के कारण अस्वीकार' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await checkA11y('transparency report in Hindi on a phone');
});
