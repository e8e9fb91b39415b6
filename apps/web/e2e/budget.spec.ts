// Speed budget (issue 3): the JavaScript needed to show the landing page is at most 150 KB gzipped.
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

test('the landing page loads at most 150 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Join as Employee' })).toBeVisible();
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`landing JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
  for (const [url, size] of scripts) console.log(`  ${(size / 1024).toFixed(1)} KB ${new URL(url).pathname}`);
  expect(total).toBeLessThanOrEqual(150 * 1024);
});
