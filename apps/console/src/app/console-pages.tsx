import type { OperatorCapability } from '@gvm/contract/ops';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One page of the console: its menu item, its address under /ops, and who may use it. */
export interface ConsolePage {
  /** The menu item's name (docs/product/operators.md#the-console), exactly as shown. */
  label: string;
  /** Its address under /ops ('customers' is /ops/customers); the page owns everything below it. */
  path: string;
  /** The capability the menu item and the page need (the server checks it again on every call). */
  capability: OperatorCapability;
  /** The page, loaded on its first visit. */
  Page: LazyExoticComponent<ComponentType>;
  /** false for a page reached by links only (an order from a customer or an approval): not in the menu. */
  inMenu?: false;
}

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * The console's menu, in order: the one place a page is added (decision 047). A page below its
 * path (/ops/customers/:id) is the page's own business: it draws nested <Routes> of its own.
 */
export const consolePages: readonly ConsolePage[] = [
  {
    label: 'Customers',
    path: 'customers',
    capability: 'customers.view',
    Page: page(
      () => import('@console/features/customers/pages/customers-page'),
      (m) => m.CustomersPage,
    ),
  },
  {
    label: 'Approvals',
    path: 'approvals',
    capability: 'money.approve',
    Page: page(
      () => import('@console/features/money/pages/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    label: 'Supplier codes',
    path: 'codes',
    capability: 'money.move',
    Page: page(
      () => import('@console/features/money/pages/codes-page'),
      (m) => m.CodesPage,
    ),
  },
  {
    label: 'Chat',
    path: 'chat',
    capability: 'chat',
    Page: page(
      () => import('@console/features/chat/pages/chat-page'),
      (m) => m.ChatPage,
    ),
  },
  {
    label: 'Messages',
    path: 'messages',
    capability: 'messages',
    Page: page(
      () => import('@console/features/messages/pages/messages-page'),
      (m) => m.MessagesPage,
    ),
  },
  {
    label: 'Partners',
    path: 'partners',
    capability: 'partners',
    Page: page(
      () => import('@console/features/partners/pages/partners-page'),
      (m) => m.PartnersPage,
    ),
  },
  {
    label: 'Reports',
    path: 'reports',
    capability: 'reports',
    Page: page(
      () => import('@console/features/reports/pages/reports-page'),
      (m) => m.ReportsPage,
    ),
  },
  {
    label: 'Audit log',
    path: 'audit',
    capability: 'audit',
    Page: page(
      () => import('@console/features/audit/pages/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    label: 'Team',
    path: 'team',
    capability: 'team',
    Page: page(
      () => import('@console/features/team/pages/team-page'),
      (m) => m.TeamPage,
    ),
  },
  {
    label: 'Order',
    path: 'orders/:orderId',
    capability: 'customers.view',
    inMenu: false,
    Page: page(
      () => import('@console/features/money/pages/order-page'),
      (m) => m.OrderPage,
    ),
  },
];

/** The pages the menu lists (those reached by links only are left out). */
export const menuPages: readonly ConsolePage[] = consolePages.filter((page) => page.inMenu !== false);
