import { callOps } from '@console/lib/ops-client';
import { opsMoneyEndpoints } from '@gvm/contract/ops-money';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The books (docs/product/operators.md#reports). */
export function useOutstandingVouchers() {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'reports', 'outstanding-vouchers'],
      queryFn: () => callOps(opsMoneyEndpoints.outstandingVouchers),
      retry: false,
    }),
  );
}

export function useCreditOutstanding() {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'reports', 'credit-outstanding'],
      queryFn: () => callOps(opsMoneyEndpoints.creditOutstanding),
      retry: false,
    }),
  );
}

export function useSalesReport() {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'reports', 'sales'],
      queryFn: () => callOps(opsMoneyEndpoints.sales, { query: {} }),
      retry: false,
    }),
  );
}

/** The supplier's float and the vouchers activated per day (decision 068). */
export function useSupplierReport() {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'reports', 'supplier'],
      queryFn: () => callOps(opsMoneyEndpoints.supplierReport, { query: {} }),
      retry: false,
    }),
  );
}

/** The CSV downloads' paths (under /api/v1), as the contract names them. */
export const reportCsvPaths = {
  outstandingVouchers: opsMoneyEndpoints.outstandingVouchersCsv.path,
  creditOutstanding: opsMoneyEndpoints.creditOutstandingCsv.path,
  sales: opsMoneyEndpoints.salesCsv.path,
  supplier: opsMoneyEndpoints.supplierReportCsv.path,
} as const;
