// A deploy while a tab is open: the tab's old build asks for a screen's chunk the new build does not
// have (lib/new-build.ts).
import type { Page } from '@playwright/test';
import { MSG } from '@workspace/contracts';
import { expect, test } from './fixtures';

/** Counts the pages the tab loads from the server (navigations and reloads, not the app's own). */
function countDocuments(page: Page) {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  return documents;
}

test('a screen whose chunk is gone opens afresh from the new build', async ({ page }) => {
  await page.goto('/');
  const documents = countDocuments(page);
  // The About screen's chunk of the build this tab runs is no longer on the server, once.
  let refused = 0;
  await page.route('**/assets/about-*.js', (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('WorkTrust');
  await expect(page.getByRole('heading', { name: MSG.somethingWrong })).toHaveCount(0);
  expect(refused).toBe(1);
  expect(documents).toEqual(['/about']);
});

test('a chunk still missing after that shows the error screen, without reloading again', async ({ page }) => {
  await page.goto('/');
  const documents = countDocuments(page);
  await page.route('**/assets/about-*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: MSG.somethingWrong })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: MSG.somethingWrong })).toBeVisible();
  expect(documents).toEqual(['/about']);
});

test("a form's checks that fail to load leave the page and what was typed, and load on the next try", async ({
  page,
}) => {
  await page.goto('/login');
  const documents = countDocuments(page);
  // The checks load when the form is first touched; the connection drops for that moment.
  let refused = 0;
  await page.route('**/assets/zod-*.js', (route) => {
    refused += 1;
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
  await page.getByLabel('Email').fill('not-an-email');
  await expect.poll(() => refused).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(documents).toEqual([]);
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  // Back again: the submit loads them, and they answer.
  await page.unroute('**/assets/zod-*.js');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  expect(documents).toEqual([]);
});
