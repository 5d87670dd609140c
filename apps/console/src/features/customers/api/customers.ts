import { callOps } from '@console/lib/ops-client';
import {
  type OpsCorrectRecipientRequest,
  type OpsOptionalReasonRequest,
  type OpsVoucherPage,
  opsCustomerEndpoints,
} from '@gvm/contract/ops-customers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The console's customer tools (docs/product/operators.md#customers): the search, a customer's
 * page, a voucher's page, and the help an operator gives. Every change refreshes what it changed.
 */

const customersKey = ['ops', 'customers'] as const;
const customerKey = (userId: string) => [...customersKey, 'customer', userId] as const;
const voucherKey = (voucherId: string) => [...customersKey, 'voucher', voucherId] as const;

/** GET /ops/customers/search: nothing is asked before 3 characters. */
export function useCustomerSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...customersKey, 'search', q],
      queryFn: () => callOps(opsCustomerEndpoints.search, { query: { q } }),
      enabled: q.trim().length >= 3,
      retry: false,
    }),
  );
}

/** GET /ops/customers/:userId (audited on the server). */
export function useCustomer(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: customerKey(userId),
      queryFn: () => callOps(opsCustomerEndpoints.customer, { params: { userId } }),
      retry: false,
    }),
  );
}

/** GET /ops/vouchers/:voucherId (audited on the server). */
export function useOpsVoucher(voucherId: string) {
  return useQuery(
    queryOptions({
      queryKey: voucherKey(voucherId),
      queryFn: () => callOps(opsCustomerEndpoints.voucher, { params: { voucherId } }),
      retry: false,
    }),
  );
}

/** 'Sign out everywhere', 'Disable account', 'Enable account'. */
export function useCustomerAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: 'sign-out' | 'disable' | 'enable'; reason: string }) => {
      const params = { userId };
      if (action === 'sign-out') {
        const body: OpsOptionalReasonRequest = reason ? { reason } : {};
        return callOps(opsCustomerEndpoints.signOutEverywhere, { params, body });
      }
      const endpoint = action === 'disable' ? opsCustomerEndpoints.disable : opsCustomerEndpoints.enable;
      return callOps(endpoint, { params, body: { reason } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}

export type VoucherAction =
  | { action: 'resend'; reason: string }
  | { action: 'reissue'; reason: string }
  | { action: 'correct'; recipient: OpsCorrectRecipientRequest };

/** 'Resend gift e-mail', 'Correct recipient', 'Reissue code'. */
export function useVoucherAction(voucherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VoucherAction) => {
      const params = { voucherId };
      switch (request.action) {
        case 'resend':
          return callOps(opsCustomerEndpoints.resendGift, {
            params,
            body: request.reason ? { reason: request.reason } : {},
          });
        case 'correct':
          return callOps(opsCustomerEndpoints.correctRecipient, { params, body: request.recipient });
        case 'reissue': {
          // The last four of the code on the page the operator confirmed on: the server reissues
          // only while the code still ends in them, so a double press reissues once (decision 053).
          const shown = queryClient.getQueryData<OpsVoucherPage>(voucherKey(voucherId));
          if (!shown) throw new Error('The voucher is not loaded yet.');
          if (!shown.voucher.codeLast4) throw new Error('This voucher has no code yet.');
          const body = { reason: request.reason, codeLast4: shown.voucher.codeLast4 };
          return callOps(opsCustomerEndpoints.reissueCode, { params, body });
        }
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersKey }),
  });
}
