/** The operator's two-step sign-in at /ops/login (docs/product/operators.md#sign-in, decision 045). */
export { OpsLoginPage } from './pages/login-page';
