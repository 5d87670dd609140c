import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';
import { emailSchema, loginCodeSchema } from './users';

/**
 * The operator console's API (docs/product/operators.md): staff accounts, their roles, their
 * two-step sign-in, and the audit trail. Operators are not shoppers: their tokens are opaque
 * session tokens that no shopper endpoint accepts, and a shopper's token is refused here with a
 * 403 (decision 045).
 */

export const operatorRoles = ['support', 'finance', 'partnerships', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** What an operator may do; the server checks one of these on every ops endpoint. */
export const operatorCapabilities = [
  /** search and view customers, orders, vouchers, gifts */
  'customers.view',
  /** resend a gift e-mail, correct a recipient, sign a customer out everywhere */
  'customers.help',
  /** disable / enable a customer account */
  'customers.disable',
  /** refund, void, reissue a code, adjust UGM Credit */
  'money.move',
  /** approve another operator's large refund or adjustment */
  'money.approve',
  'messages',
  /** the live support chat: conversations, replies, internal notes (docs/product/support-chat.md) */
  'chat',
  /** write the chat's canned replies */
  'chat.canned',
  'partners',
  /** reports and CSV export */
  'reports',
  'audit',
  'team',
] as const;
export type OperatorCapability = (typeof operatorCapabilities)[number];

/**
 * The role matrix (docs/product/operators.md#roles), the one place it is written: the server
 * checks it on every ops endpoint and `GET /ops/me` answers it, so the console shows only what
 * the role may use.
 */
export const roleCapabilities: Readonly<Record<OperatorRole, readonly OperatorCapability[]>> = {
  support: ['customers.view', 'customers.help', 'messages', 'chat'],
  finance: ['customers.view', 'money.move', 'money.approve', 'reports'],
  partnerships: ['partners'],
  admin: operatorCapabilities,
};

export function roleCan(role: OperatorRole, capability: OperatorCapability): boolean {
  return roleCapabilities[role].includes(capability);
}

export const OPERATOR_CODE_LENGTH = 6;

export const operatorRoleSchema = z.enum(
  operatorRoles,
  'Please choose a role: support, finance, partnerships or admin',
);

const idSchema = text('A valid id is required').regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'A valid id is required',
);

export const operatorCodeRequestSchema = z.object({ email: emailSchema });
export type OperatorCodeRequest = z.input<typeof operatorCodeRequestSchema>;

export const operatorVerifyCodeRequestSchema = z.object({ email: emailSchema, code: loginCodeSchema });
export type OperatorVerifyCodeRequest = z.input<typeof operatorVerifyCodeRequestSchema>;

/**
 * A pending session: its token may only set up or check the authenticator. `next` says which
 * screen comes: 'totp-setup' the first time, 'totp' every time after.
 */
export const operatorPendingSessionSchema = z.object({
  token: z.string(),
  next: z.enum(['totp-setup', 'totp']),
  expiresAt: z.string(),
});
export type OperatorPendingSession = z.infer<typeof operatorPendingSessionSchema>;

/** The authenticator's set-up: the otpauth:// URI (for a QR code) and the same key as text. */
export const operatorTotpSetupSchema = z.object({ otpauthUri: z.string(), setupKey: z.string() });
export type OperatorTotpSetup = z.infer<typeof operatorTotpSetupSchema>;

export const authenticatorCodeSchema = text('Please enter the 6-digit code from your authenticator app').regex(
  new RegExp(`^\\d{${OPERATOR_CODE_LENGTH}}$`),
  'Please enter the 6-digit code from your authenticator app',
);

export const operatorTotpVerifyRequestSchema = z.object({ code: authenticatorCodeSchema });
export type OperatorTotpVerifyRequest = z.input<typeof operatorTotpVerifyRequestSchema>;

/** A full operator session: 30 minutes idle, 8 hours at most (`expiresAt`). */
/**
 * A full session. The console keeps it as the cookies the answer sets (decision 073), not `token`,
 * which is for API clients.
 */
export const operatorSessionSchema = z.object({ token: z.string(), expiresAt: z.string() });
/** What the console's support-chat socket signs in with: good for a minute, for that socket only. */
export const operatorSocketTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const currentOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(operatorRoles),
  capabilities: z.array(z.enum(operatorCapabilities)),
});
export type CurrentOperator = z.infer<typeof currentOperatorSchema>;

/** An operator as the Team page lists them; no secret of theirs is ever part of it. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(operatorRoles),
  disabled: z.boolean(),
  twoStepSetUp: z.boolean(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListSchema = z.object({ operators: z.array(teamMemberSchema) });
export type TeamList = z.infer<typeof teamListSchema>;

export const inviteOperatorRequestSchema = z.object({ email: emailSchema, role: operatorRoleSchema });
export type InviteOperatorRequest = z.input<typeof inviteOperatorRequestSchema>;

const reasonSchema = text().max(500, 'The reason must be at most 500 characters');

export const operatorIdParamsSchema = z.object({ operatorId: idSchema });

/**
 * A change to a team member: a new role, disabled or enabled, or their two-step verification
 * reset (a lost authenticator: they set it up again at their next sign-in), with an optional reason.
 */
export const updateOperatorRequestSchema = z
  .object({
    role: operatorRoleSchema.optional(),
    disabled: z.boolean('disabled must be true or false').optional(),
    resetTwoStep: z.literal(true, 'resetTwoStep can only be true').optional(),
    reason: reasonSchema.optional(),
  })
  .refine(
    (change) => change.role !== undefined || change.disabled !== undefined || change.resetTwoStep !== undefined,
    'Nothing to change',
  );
export type UpdateOperatorRequest = z.input<typeof updateOperatorRequestSchema>;

const dateSchema = text('Please give a date as YYYY-MM-DD or an ISO 8601 time').refine(
  (value) =>
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
    !Number.isNaN(Date.parse(value)),
  'Please give a date as YYYY-MM-DD or an ISO 8601 time',
);

/**
 * The audit log's filters. `from` and `to` are dates (a whole day, UTC) or times; `to` is
 * inclusive. `before` is the cursor of the next page (`nextCursor` of the previous answer).
 */
export const auditQuerySchema = z.object({
  operator: idSchema.optional(),
  action: text().max(100).optional(),
  targetType: text().max(100).optional(),
  targetId: text().max(200).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  before: text().max(200).optional(),
  limit: z.coerce.number('limit must be a number').int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  role: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The operator console's endpoints; every one but the first two needs an operator token. */
export const opsEndpoints = {
  requestCode: defineEndpoint({
    method: 'POST',
    path: '/ops/auth/code',
    summary: 'E-mail an operator a 6-digit sign-in code (the same answer for any address)',
    body: operatorCodeRequestSchema,
    responses: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 429) },
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/ops/auth/verify-code',
    summary: 'Check the e-mailed code: a pending session that may only set up or check the authenticator',
    body: operatorVerifyCodeRequestSchema,
    responses: { 200: operatorPendingSessionSchema, ...errorResponses(400, 401, 429) },
  }),
  totpSetup: defineEndpoint({
    method: 'POST',
    path: '/ops/auth/totp/setup',
    summary: "The authenticator's set-up (pending session, before the first authenticator code only)",
    responses: { 200: operatorTotpSetupSchema, ...errorResponses(401, 403, 409, 429) },
  }),
  totpVerify: defineEndpoint({
    method: 'POST',
    path: '/ops/auth/totp/verify',
    summary: 'Check the authenticator code (pending session): a full operator session',
    body: operatorTotpVerifyRequestSchema,
    responses: { 200: operatorSessionSchema, ...errorResponses(400, 401, 403, 409, 429) },
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/ops/auth/sign-out',
    summary: "End the operator's session",
    responses: { 204: z.null(), ...errorResponses(401, 403) },
  }),
  socketTicket: defineEndpoint({
    method: 'POST',
    path: '/ops/chat-ticket',
    summary:
      "A one-minute ticket that signs the console's support-chat socket in (its session is a cookie no script reads)",
    responses: { 200: operatorSocketTicketSchema, ...errorResponses(401, 403) },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/ops/me',
    summary: 'The signed-in operator, their role and what it may do',
    responses: { 200: currentOperatorSchema, ...errorResponses(401, 403) },
  }),
  team: defineEndpoint({
    method: 'GET',
    path: '/ops/team',
    summary: 'Every operator (admin)',
    responses: { 200: teamListSchema, ...errorResponses(401, 403) },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/ops/team',
    summary: 'Invite an operator by work e-mail and role (admin)',
    body: inviteOperatorRequestSchema,
    responses: { 201: teamMemberSchema, ...errorResponses(400, 401, 403, 409) },
  }),
  updateOperator: defineEndpoint({
    method: 'PATCH',
    path: '/ops/team/:operatorId',
    summary: "Change an operator's role, disable or enable them, or reset their two-step verification (admin)",
    params: operatorIdParamsSchema,
    body: updateOperatorRequestSchema,
    responses: { 200: teamMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/ops/audit',
    summary: 'The audit log, newest first, filtered (admin)',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
  }),
  auditCsv: defineEndpoint({
    method: 'GET',
    path: '/ops/audit.csv',
    summary: 'The audit log as CSV, with the same filters, at most 10,000 rows (admin)',
    query: auditQuerySchema.omit({ before: true, limit: true }),
    responses: { 200: z.string(), ...errorResponses(400, 401, 403) },
  }),
};
