/**
 * The operator console's customer tools (docs/product/operators.md#customers): a composition of
 * the modules that own customers' data (auth, users, vouchers, gifts, wallets, outreach), with
 * the operator checks and audit rows of the operators module. It owns no table (decision 048).
 */
export { customerCareOpsRoutes } from './ops-routes';
