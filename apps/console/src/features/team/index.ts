/** Team (docs/product/operators.md#operators-and-roles): the operators and their roles; the audit log filters by them. */
export { useTeam } from './api/team';
