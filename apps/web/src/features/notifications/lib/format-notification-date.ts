/**
 * docs/product/README.md#notifications: a notification's date is shown in the user's local format. The browser's
 * own locale and time zone decide, so a UK shopper reads '21 Nov 2026, 14:05'.
 */
export function formatNotificationDate(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
