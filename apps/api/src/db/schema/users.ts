import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An account. E-mail is stored normalised (trimmed, lower-case) and unique. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  name: text('name').notNull().default(''),
  phoneNumber: text('phone_number'),
  role: text('role').notNull().default('consumer'),
  personas: text('personas').array().notNull().default(sql`'{}'::text[]`),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  googleSubject: text('google_subject').unique(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /**
   * Set by an operator (docs/product/operators.md#customers): a disabled account cannot sign in
   * and its sessions were ended when it was disabled. The reason is kept in the audit trail.
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A single-use e-mail verification link; only the token's hash is kept. */
export const emailVerifications = pgTable('email_verifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A 6-digit login code, kept hashed. Issued per e-mail address (known or not, so the answer
 * never reveals which addresses have accounts); voided by a newer code, by use, or by 5 misses.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Requested from an IP that has signed in to the address's account before (decision 020). */
    fromKnownIp: boolean('from_known_ip').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_codes_email_created').on(table.email, table.createdAt)],
);

/**
 * Every e-mail a sign-up sends to an address (a verification link, or "you already have an
 * account"), kept so sign-ups can be limited per address without revealing which addresses
 * have accounts (decision 020).
 */
export const signupEmails = pgTable(
  'signup_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('signup_emails_email_created').on(table.email, table.createdAt)],
);

/**
 * The addresses (IPs) an account has signed in from, kept as keyed hashes: a code request from
 * one of them is not held back by a lock-out somebody else caused (decision 020).
 */
export const signInIps = pgTable(
  'sign_in_ips',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipHash: text('ip_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ipHash] })],
);

/**
 * Opaque refresh tokens, kept hashed. Each use rotates the token within its family; presenting
 * a rotated token again revokes the whole family (docs/product/accounts.md#sessions).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The family's absolute end: 30 days from sign-in, not extended by rotation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash').on(table.tokenHash),
    index('refresh_tokens_family').on(table.familyId),
  ],
);

export type UserRow = typeof users.$inferSelect;
