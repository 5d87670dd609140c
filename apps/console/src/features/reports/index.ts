/**
 * Reports (docs/product/operators.md#reports): sales, refunds and credit over a period, and their CSV files. Its page is
 * loaded by the console's page list (app/console-pages.tsx) on first use; nothing else imports it.
 */
export { ReportsPage } from './pages/reports-page';
