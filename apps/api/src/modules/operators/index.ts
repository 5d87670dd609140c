/**
 * The operators of the console (docs/product/operators.md): who they are, their roles and two-step
 * sign-in, Team, and the append-only audit trail. Other modules' console route groups check the
 * operator first with `requireOperator` (each route's need in `config: operatorNeed(…)`, or the
 * whole route declared with `operatorRoute`), read the operator with `signedInOperator` or
 * `actorOf`, and write their changes' audit rows with `recordAudit` (or `auditedChange`), in the
 * change's own transaction.
 */
export { type Actor, type AuditEvent, auditedChange, auditTrailOf, recordAudit } from './audit';
export { findOperatorEmails, type OperatorName, operatorNames, operatorsWithCapability } from './directory';
export {
  actorOf,
  type OperatorRequest,
  operatorNeed,
  operatorRoute,
  requireOperator,
  signedInOperator,
} from './operator-route';
export { operatorOpsRoutes } from './ops-routes';
export {
  authenticateOperator,
  isOperatorSessionUsable,
  type SessionNeed,
  type SignedInOperator,
} from './sessions';
