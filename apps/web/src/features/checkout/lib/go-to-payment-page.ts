/**
 * docs/product/buying.md#payment: on success the browser is sent to the payment provider's page (another
 * origin for a real provider, so a full page load, not a route change).
 */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
