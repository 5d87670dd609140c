/** Made on first use: a browser's first `Intl.DateTimeFormat` takes tens of milliseconds (decision 037). */
let shortDateFormat: Intl.DateTimeFormat | undefined;

/** '20 Nov 2026' (en-GB, the browser's time zone), or undefined for a date that does not parse. */
export function shortDate(iso: string): string | undefined {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  shortDateFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return shortDateFormat.format(time);
}
