/**
 * The operator console's module (docs/product/operators.md): operators, their roles and two-step
 * sign-in, and the append-only audit trail. Other modules' console endpoints check the operator
 * with `authenticateOperator` and write their changes' audit rows with `recordAudit`, in the
 * change's own transaction.
 */
export { type Actor, type AuditEvent, auditTrailOf, recordAudit } from './audit';
export { findOperatorEmails, type OperatorName, operatorNames, operatorsWithCapability } from './directory';
export { opsRoutes } from './routes';
export {
  authenticateOperator,
  isOperatorSessionUsable,
  type SessionNeed,
  type SignedInOperator,
} from './sessions';
