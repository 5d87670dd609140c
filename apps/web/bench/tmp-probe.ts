import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { benchRoutes } from './routes';
import { firstProductId, startServer } from './server';
import { signedInStorage } from './session';
const server = await startServer(3279);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const productId = await firstProductId(server.baseURL);
  const storage = await signedInStorage(server.baseURL, productId);
  for (const path of ['/wallet', '/checkout']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/api/v1/health`);
    await page.evaluate((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, storage);
    page.on('request', (r) => { if (/sonner|toaster/i.test(r.url())) console.log(path, 'req', r.url()); });
    page.on('console', (m) => console.log(path, 'console', m.text()));
    await page.goto(`${server.baseURL}${path}`);
    await page.waitForTimeout(4000);
    console.log(path, await page.evaluate(() => ({ toaster: !!document.querySelector('[data-sonner-toaster]'), toasts: [...document.querySelectorAll('[data-sonner-toast]')].map((e) => e.textContent), skeletons: document.querySelectorAll('.animate-pulse').length })));
    const files = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.replace(/^https?:\/\/[^/]+/, '')).filter((n) => n.endsWith('.js')));
    console.log(path, files.length, 'js files');
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
