/**
 * Audit log (docs/product/operators.md#audit-trail): every operator's change, filtered and exported. Its page is
 * loaded by the console's page list (app/console-pages.tsx) on first use; nothing else imports it.
 */
export { AuditLogPage } from './pages/audit-log-page';
