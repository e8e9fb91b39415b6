// The server's Content-Security-Policy forbids eval and foreign sources. Nothing the app runs may
// break it, not even a caught probe: browsers report every refusal (and Lighthouse's best practices
// count it). zod probes `new Function` when a schema is built unless set to jitless first, so
// pages that build schemas at load (registration) and forms that load them later (sign-in) are
// both visited, their checks run.
import type { Page } from '@playwright/test';
import { MSG } from '@workspace/contracts';
import { expect, test } from './fixtures';
import { makeUsers, openAs } from './journeys-support';

/** Records every CSP violation of each document the page loads, from its first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('pages and their forms run within the Content-Security-Policy', async ({ page, request }) => {
  await watchViolations(page);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join as Employee' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const [viewer] = await makeUsers(request, 1, () => ({ role: 'employee' }));
  await openAs(page, viewer, '/companies');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
