/** Debian's Chromium, as the browser tests use it (e2e/playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No background traffic (updates, field trials) to blur what the page itself loads. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update'];
