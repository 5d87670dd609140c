import type { CurrentOperator, OperatorCapability } from '@gvm/contract/ops';
import { createContext, useContext } from 'react';

/** The signed-in operator as a console page reads it: who, which role, and what it may do. */
export interface Operator extends CurrentOperator {
  /** Whether the role may use `capability` (the server checks it again on every call). */
  can(capability: OperatorCapability): boolean;
}

export function toOperator(current: CurrentOperator): Operator {
  return { ...current, can: (capability) => current.capabilities.includes(capability) };
}

export const OperatorContext = createContext<Operator | null>(null);

/**
 * The signed-in operator, for a page inside the console's layout (which loads GET /ops/me before
 * drawing any page): `const { can } = useOperator(); can('money.move')`.
 */
export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator is used outside the operator console');
  return operator;
}
