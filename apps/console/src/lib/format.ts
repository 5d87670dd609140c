/** Date and time as the console shows them: '27 Nov 2026, 08:15' (en-GB, the browser's zone). */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(time);
}
