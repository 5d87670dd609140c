import { callOps, downloadOpsFile } from '@console/lib/ops-client';
import { type AuditQuery, opsEndpoints } from '@gvm/contract/ops';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The audit log's filters as the page holds them; empty values are no filter. */
export type AuditFilters = Pick<AuditQuery, 'operator' | 'action' | 'targetType' | 'targetId' | 'from' | 'to'>;

function withoutEmpty(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
}

/** GET /ops/audit (admin): one page of the log, newest first; `before` is the previous page's cursor. */
export function useAuditLog(filters: AuditFilters, before: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['ops', 'audit', withoutEmpty(filters), before ?? null],
      queryFn: () => callOps(opsEndpoints.audit, { query: { ...withoutEmpty(filters), before, limit: 50 } }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** GET /ops/audit.csv with the same filters, saved as the server names it (itself audited). */
export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  return downloadOpsFile(opsEndpoints.auditCsv.path, withoutEmpty(filters), 'audit-log.csv');
}
