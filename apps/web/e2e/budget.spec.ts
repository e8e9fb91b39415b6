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

test("an arrival page's own chunks are preloaded with the entry script, and are what it runs", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  expect(preloaded.some((href) => /\/assets\/login-[\w-]+\.js$/.test(href ?? ''))).toBe(true);

  const fetched = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') fetched.add(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // Every preloaded file is one the page loads anyway: nothing fetched for nothing.
  for (const href of preloaded) expect(fetched, href).toContain(href);
});
