import { createContext, useContext } from 'react';

/**
 * Where a customer's page links to a voucher and to a customer: the Customers pages by default;
 * the Chat page shows them beside the conversation instead (docs/product/support-chat.md#the-console), so
 * a gift's resend or correction is done without leaving it.
 */
export interface CustomerLinks {
  voucher(voucherId: string): string;
  customer(userId: string): string;
  /** Inside another page: its title is not the page's heading, and 'back' leads to `back.to`. */
  embedded: boolean;
  back: { to: string; label: string };
}

export const CustomerLinksContext = createContext<CustomerLinks>({
  voucher: (voucherId) => `/ops/customers/vouchers/${voucherId}`,
  customer: (userId) => `/ops/customers/${userId}`,
  embedded: false,
  back: { to: '/ops/customers', label: 'Back to the search' },
});

export function useCustomerLinks(): CustomerLinks {
  return useContext(CustomerLinksContext);
}
