import { expect, test } from './fixtures';

/** Issue 12 §3: the rough edges a first visit hits. */

test('an unknown route answers 404 with the not-found page; a known one 200', async ({ page }) => {
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  const known = await page.goto('/verify/some-token-that-is-not-real');
  expect(known?.status()).toBe(200);
  const about = await page.goto('/about');
  expect(about?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the bundles name no source map and the server serves none', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const script = await request.get(url);
    expect(script.status(), url).toBe(200);
    expect(await script.text(), url).not.toContain('sourceMappingURL');
    const map = await request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(404);
  }
});
