import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OperatorCapability, OperatorRole } from '@gvm/contract';
import { roleCan } from '@gvm/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { operatorSessions, operators } from '../../db/schema/operators';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { verifyAccessToken } from '../../lib/tokens';
import { hashOpaqueToken, newOpaqueToken } from '../auth';

/** docs/product/operators.md#sign-in: a session ends after 30 minutes idle and 8 hours in all. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** Between the e-mailed code and the authenticator code: as long as a code lives. */
export const PENDING_SESSION_MS = 10 * 60 * 1000;

export const SHOPPER_TOKEN_REFUSED =
  'This needs an operator sign-in: shopper accounts cannot use the operator console.';
export const OPERATOR_SIGN_IN_REQUIRED = 'Operator sign-in required';
export const SESSION_ENDED = 'Your operator session has ended. Please sign in again.';
export const TWO_STEP_FIRST = 'Please complete two-step verification first.';
export const ROLE_REFUSED = 'Your role does not allow this.';
const ALREADY_VERIFIED = 'This session has already passed two-step verification.';

export type SessionStage = 'pending' | 'full';

/** The operator behind a request's token, and their session. */
export interface SignedInOperator {
  sessionId: string;
  operatorId: string;
  email: string;
  role: OperatorRole;
  stage: SessionStage;
  /** The session's absolute end (8 hours from sign-in for a full session). */
  expiresAt: Date;
}

/** Starts a session for an operator; answers the bearer token, which is kept only hashed. */
export async function startSession(
  tx: Executor,
  { operatorId, stage, expiresAt }: { operatorId: string; stage: SessionStage; expiresAt: Date },
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const token = newOpaqueToken();
  const [session] = await tx
    .insert(operatorSessions)
    .values({ operatorId, tokenHash: hashOpaqueToken(token), stage, lastSeenAt: now, expiresAt, createdAt: now })
    .returning({ id: operatorSessions.id });
  if (!session) throw new Error('the operator session was not created');
  return { token, sessionId: session.id };
}

/** Ends every live session of an operator (on disable: at once, on every instance). */
export async function endSessionsOf(tx: Executor, operatorId: string, now: Date): Promise<void> {
  await tx
    .update(operatorSessions)
    .set({ endedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)));
}

export async function endSession(tx: Executor, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(operatorSessions)
    .set({ endedAt: now })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.endedAt)));
}

const idleLimitOf = (stage: SessionStage) => (stage === 'pending' ? PENDING_SESSION_MS : IDLE_TIMEOUT_MS);

function bearerOf(authorization: string | undefined): string | null {
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

export interface SessionNeed {
  /** 'full' for the console's endpoints; 'pending' for the authenticator's; 'any' for sign-out. */
  stage: SessionStage | 'any';
  /** The capability the role must have (docs/product/operators.md#roles); none for /ops/me. */
  capability?: OperatorCapability;
  /** Whether a socket ticket (`socketTicketOf`) may stand for the session: the chat's socket only. */
  socketTicket?: boolean;
}

/** How long a socket ticket may be used to sign a socket in (it is asked for just before). */
export const SOCKET_TICKET_MS = 60 * 1000;
const TICKET_PREFIX = 'opsws.';

const ticketSignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`operator-socket-ticket:${body}`).digest('base64url');

/**
 * A ticket for the console's support-chat socket (decision 073): the console's session is a
 * cookie no script can read, and a socket signs in by its first message, so the console asks for
 * this first. It names the session and its end, signed with the server's secret; the session
 * itself is checked again when the ticket is used, so an ended session's ticket is worth nothing.
 */
export function socketTicketOf(secret: string, sessionId: string, now: Date): { ticket: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_MS);
  const body = `${sessionId}.${expiresAt.getTime()}`;
  return { ticket: `${TICKET_PREFIX}${body}.${ticketSignature(secret, body)}`, expiresAt };
}

/** The session a ticket names, while it is good; null for a forged or stale one. */
function sessionIdOfTicket(secret: string, ticket: string, now: Date): string | null {
  const [sessionId, until, signature] = ticket.slice(TICKET_PREFIX.length).split('.');
  if (!sessionId || !until || !signature || Number(until) <= now.getTime()) return null;
  const expected = Buffer.from(ticketSignature(secret, `${sessionId}.${until}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return sessionId;
}

/**
 * The operator of a request, checked on the server for every ops endpoint (decision 045): a
 * shopper's access token is refused with 403, as is a role without the capability; no token, an
 * unknown, ended, idle or expired session, or a disabled operator is a 401. Each use moves the
 * idle timer on. Every check reads the database, so disabling an operator ends their sessions on
 * every instance at once.
 */
export async function authenticateOperator(
  db: Executor,
  config: Config,
  authorization: string | undefined,
  need: SessionNeed,
  now: Date,
): Promise<SignedInOperator> {
  const token = bearerOf(authorization);
  if (!token) throw unauthorized(OPERATOR_SIGN_IN_REQUIRED);
  let ticketSession: string | null = null;
  if (token.startsWith(TICKET_PREFIX)) {
    ticketSession = need.socketTicket ? sessionIdOfTicket(config.jwtSecret, token, now) : null;
    if (!ticketSession) throw unauthorized(SESSION_ENDED);
  } else if (await verifyAccessToken(config.jwtSecret, token)) throw forbidden(SHOPPER_TOKEN_REFUSED);
  const [found] = await db
    .select({
      sessionId: operatorSessions.id,
      stage: operatorSessions.stage,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
      endedAt: operatorSessions.endedAt,
      operatorId: operators.id,
      email: operators.email,
      role: operators.role,
      disabledAt: operators.disabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      ticketSession ? eq(operatorSessions.id, ticketSession) : eq(operatorSessions.tokenHash, hashOpaqueToken(token)),
    );
  if (!found || found.endedAt || found.disabledAt) throw unauthorized(SESSION_ENDED);
  const idleSince = now.getTime() - found.lastSeenAt.getTime();
  if (found.expiresAt <= now || idleSince >= idleLimitOf(found.stage)) {
    await endSession(db, found.sessionId, now);
    throw unauthorized(SESSION_ENDED);
  }
  if (need.stage === 'full' && found.stage !== 'full') throw forbidden(TWO_STEP_FIRST);
  if (need.stage === 'pending' && found.stage !== 'pending') throw new AppError('CONFLICT', ALREADY_VERIFIED);
  if (need.capability && !roleCan(found.role, need.capability)) throw forbidden(ROLE_REFUSED);
  await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, found.sessionId));
  return {
    sessionId: found.sessionId,
    operatorId: found.operatorId,
    email: found.email,
    role: found.role,
    stage: found.stage,
    expiresAt: found.expiresAt,
  };
}

/**
 * Whether an operator session may still be used for a capability, without moving its idle timer:
 * for a long-lived connection (the chat's socket, decision 051) re-checked every few seconds, so
 * an open socket alone does not keep a console signed in. False for an unknown, ended, expired
 * or idle session, a disabled operator, or a role that lacks the capability now.
 */
export async function isOperatorSessionUsable(
  db: Executor,
  sessionId: string,
  capability: OperatorCapability,
  now: Date,
): Promise<boolean> {
  const [found] = await db
    .select({
      stage: operatorSessions.stage,
      lastSeenAt: operatorSessions.lastSeenAt,
      expiresAt: operatorSessions.expiresAt,
      endedAt: operatorSessions.endedAt,
      role: operators.role,
      disabledAt: operators.disabledAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.id, sessionId));
  if (!found || found.endedAt || found.disabledAt || found.stage !== 'full') return false;
  if (found.expiresAt <= now || now.getTime() - found.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS) return false;
  return roleCan(found.role, capability);
}
