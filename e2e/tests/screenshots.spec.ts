import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, ukDayOf } from '@gvm/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyThroughApi, convertThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * Decision 034: full-page screenshots of home, a search, a product, the cart, checkout
 * and the wallet at a phone's, a tablet's and a laptop's width, into e2e/screenshots/<width>/
 * (git-ignored) for a person to look at. Each shot also asserts what makes it worth looking at:
 * the page's heading and card art are drawn, nothing is wider than the window, and on phones the
 * checkout's and wallet's controls are big enough to tap.
 */

const WIDTHS = [390, 768, 1366] as const;
const PHONE = 390;
const HEIGHT = { 390: 844, 768: 1024, 1366: 768 } as const;
/** Apple's and WCAG 2.5.5's size for a control a finger must hit. */
const TAP = 44;
const FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const KEPT = 'Red Letter Days';
const GIFTED = 'Argos';

/** Per page: resolves once no request has been open for 300 ms (at most 15 s). */
const networkQuiet = new WeakMap<Page, () => Promise<void>>();

/**
 * Counts the page's open requests, so a shot waits for what its page (or a section that comes
 * in on scrolling) is still fetching: code, data, pictures. The app holds no request open.
 */
function watchNetwork(page: Page): void {
  let open = 0;
  let changed = Date.now();
  const finished = () => {
    open = Math.max(0, open - 1);
    changed = Date.now();
  };
  page.on('request', () => {
    open += 1;
    changed = Date.now();
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  networkQuiet.set(page, async () => {
    const end = Date.now() + 15_000;
    while (Date.now() < end && (open > 0 || Date.now() - changed < 300)) await page.waitForTimeout(50);
  });
}

/**
 * Scrolls through the page so the sections that load near the viewport come in, then waits for
 * the fonts, for no loading placeholder (`animate-pulse`) or row outline (`data-outline`) and for
 * the images the shot shows.
 * Resolves with the images that did not load and the placeholders still drawn.
 */
async function settle(page: Page): Promise<{ broken: string[]; loading: string[] }> {
  const quiet = networkQuiet.get(page) ?? (() => Promise.resolve());
  // The page's first paint may be the server's shell: its scripts and data come first.
  await quiet();
  await page.evaluate(async () => {
    // Two frames and a little: the observers that load sections near the viewport see each stop.
    const pause = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await pause();
    }
    await document.fonts.ready;
  });
  await quiet();
  // A placeholder still drawn (or a home page row drawn as its outline until it comes near) is
  // brought into view, in case the page grew past it, or it was passed before it loaded; the images
  // the shot shows (drawn, within the window's width, not further along a row that scrolls
  // sideways) load now, as Chromium counts a lazy image it has not started as complete.
  const settled = () => {
    const placeholder = document.querySelector('.animate-pulse, [data-outline]');
    placeholder?.scrollIntoView({ block: 'center' });
    const shown = Array.from(document.images).filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.left < window.innerWidth && box.right > 0;
    });
    for (const image of shown) {
      image.loading = 'eager';
      image.dataset.shot = '';
    }
    return !placeholder && shown.every((image) => image.complete);
  };
  await page.waitForFunction(settled, undefined, { timeout: 15_000, polling: 250 }).catch(() => undefined);
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    // A focus ring left by the last click is not part of the page.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    return {
      broken: Array.from(document.querySelectorAll<HTMLImageElement>('img[data-shot]'))
        .filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.src),
      loading: Array.from(document.querySelectorAll('.animate-pulse, [data-outline]')).map(
        (element) =>
          element.closest('[role="status"]')?.getAttribute('aria-label') ??
          element.querySelector('h3')?.textContent ??
          element.className,
      ),
    };
  });
}

interface Shot {
  width: number;
  name: string;
  heading: Locator;
  /** Where card art must be drawn. */
  art?: Locator;
  /** Where every control must be big enough for a finger, on a phone. */
  tappable?: Locator;
}

/** Checks what makes the shot meaningful, then saves it as <width>/<name>.png. */
async function shoot(page: Page, { width, name, heading, art, tappable }: Shot): Promise<void> {
  const what = `${name} at ${width}`;
  // The page has drawn before it is scrolled through.
  await expect.soft(heading, `${what}: heading`).toBeVisible();
  const { broken, loading } = await settle(page);
  if (art) await expectCardArt(art, what);
  if (tappable && width === PHONE) await expectTappable(tappable, what);

  const { overflow, culprits } = await page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    // The innermost elements that reach past the window's right edge, to say what to fix.
    const out = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
    const describe = (element: HTMLElement) =>
      `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.textContent?.slice(0, 40) ?? ''}`;
    return { overflow: by, culprits: by > 0 ? innermost.slice(0, 5).map(describe) : [] };
  });
  expect.soft(overflow, `${what}: wider than the window by (${culprits.join('; ')})`).toBeLessThanOrEqual(0);
  expect.soft(broken, `${what}: images that did not load`).toEqual([]);
  expect.soft([...new Set(loading)], `${what}: still loading`).toEqual([]);

  // Toasts float over whatever is under them: left out of the picture.
  await page.screenshot({
    path: path.join(FOLDER, String(width), `${name}.png`),
    fullPage: true,
    style: '[data-sonner-toaster] { display: none !important; }',
  });
}

/** The first piece of card art in `scope` is drawn. */
async function expectCardArt(scope: Locator, what: string): Promise<void> {
  const art = scope.locator('img[src*="/api/v1/logos/"]').first();
  await expect.soft(art, `${what}: card art`).toBeVisible();
  const drawn = await art.evaluate((image: HTMLImageElement) => image.naturalWidth).catch(() => 0);
  expect.soft(drawn, `${what}: card art loaded`).toBeGreaterThan(0);
}

/**
 * Every button, field, tab and summary in `scope` is at least 44 px tall (a field counts with its
 * label). Links inside text are left out: they are words, not controls.
 */
async function expectTappable(scope: Locator, what: string): Promise<void> {
  const small = await scope.evaluate((root, tap) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'button, input, select, textarea, summary, [role="tab"], a.btn',
    );
    return Array.from(controls)
      .filter((control) => control.getClientRects().length > 0 && !control.closest('.sr-only'))
      .map((control) => {
        // A checkbox or radio is hit through its label too: the taller of the two counts.
        const heights = [control, ...Array.from((control as HTMLInputElement).labels ?? [])].map(
          (element) => element.getBoundingClientRect().height,
        );
        const name =
          control.getAttribute('aria-label') ||
          control.textContent?.trim() ||
          (control instanceof HTMLInputElement ? (control.labels?.[0]?.textContent ?? control.type) : '');
        return {
          control: `${control.tagName.toLowerCase()} ${name}`,
          height: Math.round(Math.max(...heights)),
        };
      })
      .filter((entry) => entry.height < tap);
  }, TAP);
  expect.soft(small, `${what}: controls under ${TAP} px tall on a phone`).toEqual([]);
}

async function addToCart(page: Page, productId: string, merchant: string, value: string, quantity = 1): Promise<void> {
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: merchant })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText(value, { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity' }).getByText(String(quantity), { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

test('screenshots of the shop at 390, 768 and 1366 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  watchNetwork(page);
  const kept = await findProduct(request, KEPT);
  const gifted = await findProduct(request, GIFTED);
  const tomorrow = addDays(ukDayOf(new Date()), 1);

  // A wallet with a voucher, UGM Credit and a scheduled gift: one purchase (two vouchers and a
  // gift), one voucher converted; through the API, as buying and converting are other tests'
  // subjects.
  const { token } = await signInThroughApi(page, request, uniqueEmail('screens'), { name: 'Sam Screens' });
  const bought = await buyThroughApi(
    request,
    token,
    [
      { product: kept, value: 20, quantity: 2 },
      {
        product: gifted,
        value: 50,
        recipient: {
          name: 'Bo Birthday',
          email: uniqueEmail('bo'),
          sendOn: tomorrow,
          message: 'Happy birthday, Bo! Something for the new flat.',
        },
      },
    ],
    'Sam Screens',
  );
  const converted = bought.find((order) => !order.giftOrder);
  if (!converted) throw new Error('the purchase answered no voucher of its own');
  await convertThroughApi(request, token, converted._id);

  // The cart the shots show: two lines, the first a gift for a later day (chosen at checkout, kept
  // by the recipient store), with a long name and address as real ones can be.
  await addToCart(page, kept._id, KEPT, '£20.00');
  await addToCart(page, gifted._id, GIFTED, '£50.00');
  await page.goto('/checkout');
  const keptItem = page.getByRole('list', { name: 'Checkout items' }).getByRole('listitem').filter({ hasText: KEPT });
  await keptItem.getByRole('button', { name: 'Send as a gift' }).click();
  await keptItem.getByLabel('Recipient name').fill('Alexandra Montgomery-Fitzgerald');
  await keptItem.getByLabel('Recipient email').fill('alexandra.montgomery-fitzgerald@example.com');
  await keptItem.getByLabel('Delivery date').fill(tomorrow);
  await keptItem.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(keptItem.getByRole('list', { name: `${KEPT} gift recipients` })).toContainText('Send on');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    mkdirSync(path.join(FOLDER, String(width)), { recursive: true });
    const main = page.getByRole('main');
    const walletHeading = page.getByRole('heading', { level: 1, name: 'WALLET' });

    await page.goto('/');
    const grid = page.getByRole('list', { name: 'Products' });
    const topSellers = page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' });
    await shoot(page, { width, name: 'home', heading: topSellers, art: grid });

    await page.goto('/?q=book');
    await shoot(page, { width, name: 'search', heading: page.getByRole('heading', { level: 1 }), art: grid });

    await page.goto(`/product/${gifted._id}`);
    const productHeading = page.getByRole('heading', { level: 1, name: GIFTED });
    await shoot(page, { width, name: 'product', heading: productHeading, art: main });

    await page.goto('/cart');
    const cartItems = page.getByRole('list', { name: 'Cart items' });
    await expect(cartItems.getByRole('listitem')).toHaveCount(2);
    await expect(cartItems.getByRole('listitem').filter({ hasText: KEPT })).toContainText(
      'Gift for Alexandra Montgomery-Fitzgerald',
    );
    const cartHeading = page.getByRole('heading', { level: 1, name: 'My Cart' });
    await shoot(page, { width, name: 'cart', heading: cartHeading, art: cartItems, tappable: main });

    // Checkout: one card goes to a recipient on a later day, the other's gift form is open with
    // its date control, and UGM Credit pays part.
    await page.goto('/checkout');
    const items = page.getByRole('list', { name: 'Checkout items' });
    await expect(keptItem.getByRole('list', { name: `${KEPT} gift recipients` })).toContainText('Send on');
    const openItem = items.getByRole('listitem').filter({ hasText: GIFTED }).first();
    await openItem.getByRole('button', { name: 'Send as a gift' }).click();
    await openItem.getByLabel('Recipient name').fill('Bo');
    await expect(openItem.getByLabel('Delivery date')).toBeVisible();
    const credit = page.getByRole('region', { name: /UGM Credit/ });
    await expect(credit).toContainText('Balance: £20.00');
    await credit.getByLabel('Use my UGM Credit').check();
    await expect(credit.getByLabel('Credit to use (£)')).toHaveValue('20.00');
    const checkoutHeading = page.getByRole('heading', { level: 1, name: 'Checkout' });
    await shoot(page, { width, name: 'checkout', heading: checkoutHeading, art: items, tappable: main });

    await page.goto('/wallet');
    await expect(main).toContainText('GBP 20.00');
    await shoot(page, { width, name: 'wallet-balances', heading: walletHeading, tappable: main });

    await page.getByRole('tab', { name: 'My Vouchers' }).click();
    const vouchers = page.getByRole('list', { name: 'My vouchers' });
    await expect(vouchers.getByRole('listitem')).toHaveCount(1);
    await shoot(page, { width, name: 'wallet-vouchers', heading: walletHeading, art: vouchers, tappable: main });

    // The Sent card's gift panel, with its date form and its history open.
    await page.getByRole('tab', { name: 'Manage Vouchers' }).click();
    const sent = page.getByRole('list', { name: 'Sent Vouchers' }).getByRole('listitem').filter({ hasText: 'To Bo' });
    await sent.getByRole('button', { name: 'Change date' }).click();
    await expect(sent.getByLabel('Delivery date')).toHaveValue(tomorrow);
    await sent.getByText('History').click();
    await expect(sent.getByRole('list', { name: 'Gift history' })).toContainText('Scheduled for');
    const sentHeading = page.getByRole('heading', { level: 2, name: 'Sent Vouchers' });
    await shoot(page, { width, name: 'wallet-sent', heading: sentHeading, art: sent, tappable: main });
  }
  console.log(`Screenshots of ${WIDTHS.join(', ')} px: ${FOLDER}`);
});
