import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A staff account of the operator console (docs/product/operators.md), apart from shoppers'
 * accounts. E-mail is stored normalised (trimmed, lower-case) and unique. The TOTP secret is
 * sealed with AES-256-GCM (decision 045) and never leaves the server but once, at set-up.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['support', 'finance', 'partnerships', 'admin'] }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The authenticator's shared secret, sealed; null until set-up starts. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** When the first authenticator code was accepted: set-up is offered only before. */
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last RFC 6238 time step accepted: a code of that step or an earlier one never works again. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('operators_role', sql`${table.role} in ('support', 'finance', 'partnerships', 'admin')`),
    check('operators_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/** An e-mailed 6-digit sign-in code for an operator, kept hashed like a shopper's (decision 045). */
export const operatorLoginCodes = pgTable(
  'operator_login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_login_codes_email_created').on(table.email, table.createdAt)],
);

/**
 * An operator's session, by an opaque bearer token kept hashed. `pending` after the e-mailed
 * code (it may only set up or check the authenticator), `full` after the authenticator code.
 * Ends after 30 minutes idle or at `expires_at`, whichever is first, or when ended.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage', { enum: ['pending', 'full'] }).notNull(),
    /** Wrong authenticator codes given in this (pending) session; the fifth ends it. */
    totpAttempts: integer('totp_attempts').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_hash').on(table.tokenHash),
    index('operator_sessions_operator').on(table.operatorId),
    check('operator_sessions_stage', sql`${table.stage} in ('pending', 'full')`),
  ],
);

/**
 * Every operator action, written in the same transaction as the change it records. Append-only:
 * a trigger of migration 0011 refuses UPDATE, DELETE and TRUNCATE (decision 045).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    /** The operator's role when they acted. */
    role: text('role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
  },
  (table) => [
    index('audit_log_at').on(table.at),
    index('audit_log_operator_at').on(table.operatorId, table.at),
    index('audit_log_target').on(table.targetType, table.targetId),
  ],
);

export type OperatorRow = typeof operators.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
