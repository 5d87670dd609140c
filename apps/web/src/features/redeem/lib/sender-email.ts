/**
 * docs/product/vouchers-and-gifts.md#claiming-a-gift: 'Find Gift' is enabled only when the sender e-mail has an @ not at position
 * 0, something after the @ with a dot in it, and does not end with a dot.
 */
export function isSearchableSenderEmail(email: string): boolean {
  const value = email.trim();
  const at = value.indexOf('@');
  if (at <= 0) return false;
  const domain = value.slice(at + 1);
  return domain.length > 0 && domain.includes('.') && !value.endsWith('.');
}
