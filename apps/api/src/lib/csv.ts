/**
 * CSV downloads of the console, the audit log's (decision 045) and the reports' (decision 049):
 * RFC 4180 with CRLF lines. A text a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe, so opening the file runs nothing.
 */
function csvField(value: string | number): string {
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const lines = [columns.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
