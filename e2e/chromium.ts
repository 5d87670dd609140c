import { existsSync } from 'node:fs';

/**
 * The browser the tests drive: Debian's Chromium, as its headless shell where that package is
 * installed (`.ci/run` installs it), else the whole browser. The shell is the same Blink and V8
 * without the desktop browser's user interface, and is what Playwright itself runs for headless
 * tests; each page costs it about 40 % less CPU on two cores (decision 060). CHROMIUM_PATH names
 * another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
];
