import { formatDeliveryDay, GIFT_TIME_ZONE, type GiftHistoryEntry } from '@gvm/contract';

/**
 * Made on first use: a browser's first `Intl.DateTimeFormat` with a time zone takes tens of
 * milliseconds (decision 037); only a gift with a history needs one.
 */
let timeFormat: Intl.DateTimeFormat | undefined;

function historyTime(at: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: GIFT_TIME_ZONE,
  });
  return timeFormat.format(new Date(at));
}

function historyText(entry: GiftHistoryEntry): string {
  const day = entry.sendOn ? formatDeliveryDay(entry.sendOn) : '';
  switch (entry.kind) {
    case 'scheduled':
      return `Scheduled for ${day}`;
    case 'rescheduled':
      return `Delivery date changed to ${day}`;
    case 'recipient_changed':
      return `Recipient changed from ${entry.previousName} (${entry.previousEmail}) to ${entry.name} (${entry.email})`;
    case 'sent':
      return `Gift e-mail sent to ${entry.email}`;
    case 'resent':
      return `Gift e-mail resent to ${entry.email}`;
    case 'reminded':
      return `Reminder sent to ${entry.email}`;
  }
}

/** What happened to a sent gift, oldest first, folded away (docs/product/vouchers-and-gifts.md#corrections-and-resends). */
export function GiftHistory({ history }: { history: GiftHistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <details>
      <summary className="cursor-pointer py-3 text-gray-700 sm:py-0">History</summary>
      <ol aria-label="Gift history" className="mt-2 space-y-1 text-gray-600">
        {history.map((entry) => (
          <li key={`${entry.kind}-${entry.at}-${entry.email ?? entry.sendOn ?? ''}`} className="break-words">
            <time dateTime={entry.at} className="text-gray-500">
              {historyTime(entry.at)}
            </time>{' '}
            {historyText(entry)}
          </li>
        ))}
      </ol>
    </details>
  );
}
