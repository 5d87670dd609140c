/**
 * Partners (docs/product/operators.md#partners): partnership applications and their decisions. Its page is
 * loaded by the console's page list (app/console-pages.tsx) on first use; nothing else imports it.
 */
export { PartnersPage } from './pages/partners-page';
