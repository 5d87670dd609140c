import { createHash } from 'node:crypto';
import { opsInboxEndpoints } from '@gvm/contract/ops-inbox';
import { snapshot } from 'lighthouse';
import puppeteer, { type Page, type Viewport } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { consoleData, firstListed, inviteOperator, operatorToken } from './ops-session';
import { startServer } from './server';
import { readCode } from './session';

/**
 * `npm run bench:lighthouse-console -w @gvm/web` (part of `npm run bench -w @gvm/web`): Lighthouse
 * 13's accessibility audits on the operator console's pages, in Debian's Chromium, at a phone's
 * and a desktop's size. The console's session is the browser's cookies (decision 073), set on
 * the tab for the signed-in pages and dropped for the sign-in's: so the pages are opened one
 * after the other in one tab, each audited once drawn with its data, by Lighthouse's
 * snapshot mode. The OPS_ADMINS admin is signed in through the API (bench/ops-session.ts), and a
 * customer, a contact message and a partner application give the pages something to show; the
 * sign-in's later steps (the e-mailed code, the authenticator's set-up) are reached in the tab by an
 * invited operator. Prints each page's score and every failed audit, with up to three of the elements it names.
 */
const port = Number(process.env.BENCH_PORT ?? 3193);

/** Lighthouse's mobile (a Moto G Power) and desktop sizes, set on the tab: a snapshot does not emulate. */
const FORM_FACTORS = {
  mobile: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { width: 1350, height: 940, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} satisfies Record<string, Viewport>;
type FormFactor = keyof typeof FORM_FACTORS;

/** A page of the console as audited: how the tab gets there, and its scores at each size. */
interface ConsoleStep {
  name: string;
  path: string;
  /** Brings the tab to the page, drawn with its data. */
  reach: (page: Page, formFactor: FormFactor) => Promise<void>;
  scores: Partial<Record<FormFactor, number>>;
  failed: Partial<Record<FormFactor, string[]>>;
}

const server = await startServer(port);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_ARGS, '--headless=new'],
});
try {
  const { customerId } = await consoleData(server.baseURL);
  const token = await operatorToken(server.baseURL);
  const messageId = await firstListed(server.baseURL, opsInboxEndpoints.messages.path, 'messages', token);
  const applicationId = await firstListed(server.baseURL, opsInboxEndpoints.applications.path, 'applications', token);
  // An operator invited for each size's sign-in, whose steps are audited on the way (never finished).
  const invited = {
    mobile: await inviteOperator(server.baseURL, token),
    desktop: await inviteOperator(server.baseURL, token),
  };
  const step = (name: string, path: string, reach: ConsoleStep['reach']): ConsoleStep => ({
    name,
    path,
    reach,
    scores: {},
    failed: {},
  });
  const signedInPage = (name: string, path: string) => step(name, path, (page) => open(page, path));
  const steps: ConsoleStep[] = [
    // Signed out: the sign-in form, then its two later steps for an invited operator.
    step('sign-in', '/ops/login', (page) =>
      open(page, '/ops/login', 'Operator sign-in', () => {
        // Signed out: the CSRF cookie gone, the console no longer counts on a session.
        // biome-ignore lint/suspicious/noDocumentCookie: a page script, as the console's own.
        document.cookie = 'ops_csrf=; Path=/ops; Max-Age=0';
      }),
    ),
    step('sign-in: code', '/ops/login', async (page, formFactor) => {
      await page.locator('::-p-aria([name="Work email"][role="textbox"])').fill(invited[formFactor]);
      await page.locator('::-p-aria([name="Send code"][role="button"])').click();
      await page.waitForSelector('::-p-aria([name="Sign-in code"][role="textbox"])');
    }),
    step('sign-in: set-up', '/ops/login', async (page, formFactor) => {
      await page
        .locator('::-p-aria([name="Sign-in code"][role="textbox"])')
        .fill(await readCode(server.baseURL, invited[formFactor]));
      await page.locator('::-p-aria([name="Continue"][role="button"])').click();
      await page.waitForSelector('::-p-aria([name="Setup key"][role="textbox"])');
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      // Then the admin's session, where the console keeps it in this tab.
    }),
    signedInPage('customers', '/ops/customers'),
    signedInPage('customer', `/ops/customers/${encodeURIComponent(customerId)}`),
    signedInPage('approvals', '/ops/approvals'),
    signedInPage('messages', '/ops/messages'),
    signedInPage('message', `/ops/messages/${encodeURIComponent(messageId)}`),
    signedInPage('partners', '/ops/partners'),
    signedInPage('partner', `/ops/partners/${encodeURIComponent(applicationId)}`),
    signedInPage('reports', '/ops/reports'),
    signedInPage('audit', '/ops/audit'),
    signedInPage('team', '/ops/team'),
  ];
  const page = await browser.newPage();
  for (const formFactor of Object.keys(FORM_FACTORS) as FormFactor[]) {
    await page.setViewport(FORM_FACTORS[formFactor]);
    for (const each of steps) {
      if (each.name === 'customers') {
        // The cookies the authenticator step's answer would set (decision 073).
        await page.setCookie(
          {
            name: 'ops_session',
            value: token,
            url: `${server.baseURL}/api/v1/ops`,
            httpOnly: true,
            sameSite: 'Strict',
          },
          { name: 'ops_csrf', value: csrfTokenOf(token), url: `${server.baseURL}/ops`, sameSite: 'Strict' },
        );
      }
      await each.reach(page, formFactor);
      const audited = await auditAccessibility(page, formFactor);
      each.scores[formFactor] = audited.score;
      each.failed[formFactor] = audited.failed;
    }
  }
  console.log(
    `\nLighthouse ${lighthouseVersion()} accessibility, operator console, snapshots in one tab (${new Date().toISOString()})\n`,
  );
  console.log('page             mobile  desktop  path');
  for (const each of steps) {
    console.log(
      `${each.name.padEnd(16)} ${String(each.scores.mobile ?? '-').padStart(6)}  ${String(each.scores.desktop ?? '-').padStart(7)}  ${each.path}`,
    );
  }
  for (const each of steps) {
    for (const formFactor of Object.keys(FORM_FACTORS) as FormFactor[]) {
      const failed = each.failed[formFactor] ?? [];
      if (failed.length > 0)
        console.log(`\n${each.name} (${formFactor}): audits that failed\n  ${failed.join('\n  ')}`);
    }
  }
  const below = steps.filter((each) => Object.values(each.scores).some((score) => score < 95));
  console.log(
    below.length === 0
      ? '\nAccessibility 95 or more on every console page.'
      : `\nBelow 95: ${below.map((each) => each.name).join(', ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}

/**
 * Opens `path` in the tab and waits until the page is drawn with its data: its heading (`heading`,
 * or any `h1` in the console's main area) and no 'Loading' status left. `before` runs in the page
 * first, and the page is then opened again.
 */
async function open(page: Page, path: string, heading?: string, before?: () => void): Promise<void> {
  const url = `${server.baseURL}${path}`;
  await page.goto(url, { waitUntil: 'networkidle0' });
  if (before) {
    await page.evaluate(before);
    await page.goto(url, { waitUntil: 'networkidle0' });
  }
  await page.waitForFunction(
    (name) => {
      const h1 = [...document.querySelectorAll('h1')].find((each) => !name || each.textContent === name);
      const loading = [...document.querySelectorAll('[role="status"]')].some((each) =>
        /loading/i.test(each.textContent ?? ''),
      );
      return h1 !== undefined && !loading;
    },
    { timeout: 20_000 },
    heading,
  );
  if (new URL(page.url()).pathname !== path.split('?')[0]) throw new Error(`${path} ended on ${page.url()}`);
}

async function auditAccessibility(page: Page, formFactor: FormFactor): Promise<{ score: number; failed: string[] }> {
  const result = await snapshot(page, {
    config: {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['accessibility'], formFactor, screenEmulation: { disabled: true } },
    },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.url()}`);
  const { lhr } = result;
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  const failed = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
      const where = items
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? '')
        .filter(Boolean);
      return `${audit?.id}: ${audit?.title}${where.length ? `\n      ${where.join('\n      ')}` : ''}`;
    });
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed };
}

function lighthouseVersion(): string {
  return process.env.npm_package_devDependencies_lighthouse ?? '13';
}

/** The console's CSRF token for a session, as the API derives it (apps/api operators/session-cookie.ts). */
function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`ops-csrf:${sessionToken}`).digest('base64url');
}
