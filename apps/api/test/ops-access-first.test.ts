import { type OperatorCapability, type OperatorRole, operatorRoles, roleCan } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClockedTestContext, createClockedTestApp } from './support/app';
import { createOperator, pendingSession, signInOperator } from './support/operators';
import { bearer, nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

/**
 * The console checks who is asking before it reads what is asked (decision 066), as the shopper's
 * side does: every operation under /ops in the OpenAPI document, sent with a request its schema
 * refuses (each path parameter and query field a NUL, the body a bare string), answers 401
 * without a token and 403 to a shopper, to a session that has not passed two-step verification
 * and to an operator whose role lacks the operation's capability. Only an operator who may use
 * the operation is told what is wrong with the request.
 */

/**
 * What each operation needs, as the console's routes have always checked it (the role matrix is
 * `roleCapabilities` in the contract): `public` for the e-mailed code's two steps, `pending` for
 * the authenticator's, `any` session for signing out, `full` for any operator past two-step
 * verification, else the capability.
 */
type Need = 'public' | 'pending' | 'any' | 'full' | OperatorCapability;
const needs: Record<string, Need> = {
  'POST /ops/auth/code': 'public',
  'POST /ops/auth/verify-code': 'public',
  'POST /ops/auth/totp/setup': 'pending',
  'POST /ops/auth/totp/verify': 'pending',
  'POST /ops/auth/sign-out': 'any',
  'GET /ops/me': 'full',
  'POST /ops/chat-ticket': 'chat',
  'GET /ops/team': 'team',
  'POST /ops/team': 'team',
  'PATCH /ops/team/{operatorId}': 'team',
  'GET /ops/audit': 'audit',
  'GET /ops/audit.csv': 'audit',
  'GET /ops/customers/search': 'customers.view',
  'GET /ops/customers/{userId}': 'customers.view',
  'POST /ops/customers/{userId}/sign-out-everywhere': 'customers.help',
  'POST /ops/customers/{userId}/disable': 'customers.disable',
  'POST /ops/customers/{userId}/enable': 'customers.disable',
  'GET /ops/vouchers/{voucherId}': 'customers.view',
  'POST /ops/vouchers/{voucherId}/gift/resend': 'customers.help',
  'POST /ops/vouchers/{voucherId}/gift/recipient': 'customers.help',
  'POST /ops/vouchers/{voucherId}/reissue': 'money.move',
  'GET /ops/orders/{orderId}': 'customers.view',
  'POST /ops/orders/{orderId}/refunds': 'money.move',
  'POST /ops/vouchers/{voucherId}/void': 'money.move',
  'POST /ops/customers/{userId}/credit-adjustments': 'money.move',
  'GET /ops/approvals': 'money.approve',
  'POST /ops/approvals/{approvalId}/approve': 'money.approve',
  'POST /ops/approvals/{approvalId}/reject': 'money.approve',
  'GET /ops/reports/outstanding-vouchers': 'reports',
  'GET /ops/reports/outstanding-vouchers.csv': 'reports',
  'GET /ops/reports/credit-outstanding': 'reports',
  'GET /ops/reports/credit-outstanding.csv': 'reports',
  'GET /ops/reports/sales': 'reports',
  'GET /ops/reports/sales.csv': 'reports',
  'GET /ops/voucher-codes': 'money.move',
  'POST /ops/voucher-codes/{voucherId}/retry': 'money.move',
  'GET /ops/reports/supplier': 'reports',
  'GET /ops/reports/supplier.csv': 'reports',
  'GET /ops/messages': 'messages',
  'GET /ops/messages/assignees': 'messages',
  'GET /ops/messages/{messageId}': 'messages',
  'POST /ops/messages/{messageId}/replies': 'messages',
  'PATCH /ops/messages/{messageId}': 'messages',
  'GET /ops/partners': 'partners',
  'GET /ops/partners/{applicationId}': 'partners',
  'POST /ops/partners/{applicationId}/notes': 'partners',
  'POST /ops/partners/{applicationId}/status': 'partners',
  'GET /ops/chat/conversations': 'chat',
  'GET /ops/chat/conversations/{conversationId}': 'chat',
  'POST /ops/chat/conversations/{conversationId}/assign': 'chat',
  'POST /ops/chat/conversations/{conversationId}/replies': 'chat',
  'POST /ops/chat/conversations/{conversationId}/notes': 'chat',
  'POST /ops/chat/conversations/{conversationId}/read': 'chat',
  'POST /ops/chat/conversations/{conversationId}/resolve': 'chat',
  'GET /ops/chat/assignees': 'chat',
  'GET /ops/chat/unread': 'chat',
  'GET /ops/chat/canned-replies': 'chat',
  'POST /ops/chat/canned-replies': 'chat.canned',
  'PATCH /ops/chat/canned-replies/{cannedReplyId}': 'chat.canned',
  'DELETE /ops/chat/canned-replies/{cannedReplyId}': 'chat.canned',
};

interface Operation {
  key: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path with each parameter a NUL and each query field a NUL: a request no schema accepts. */
  invalidUrl: string;
  hasBody: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
}

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp();
});
afterAll(() => ctx.close());

async function consoleOperations(): Promise<Operation[]> {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/ops/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        const search = query.map((parameter) => `${parameter.name}=%00`).join('&');
        return {
          key: `${method.toUpperCase()} ${path.replace('/api/v1', '')}`,
          method: method.toUpperCase() as Operation['method'],
          invalidUrl: `${path.replace(/\{\w+\}/g, '%00')}${search ? `?${search}` : ''}`,
          hasBody: operation.requestBody !== undefined,
        };
      }),
    );
}

describe('every console operation', () => {
  it('is described here with what it needs', async () => {
    expect((await consoleOperations()).map((operation) => operation.key).sort()).toEqual(Object.keys(needs).sort());
  });

  it('refuses whoever may not use it with 401 or 403 before it reads the request', async () => {
    const shopper = await createUserAndToken(ctx.app);
    await createOperator(ctx.app, 'pending-one@ugm.example', 'admin');
    const pending = await pendingSession(ctx.app, 'pending-one@ugm.example');
    const operators = {} as Record<OperatorRole, string>;
    for (const role of operatorRoles) {
      await createOperator(ctx.app, `${role}-first@ugm.example`, role);
      operators[role] = (await signInOperator(ctx.app, ctx.clock, `${role}-first@ugm.example`)).token;
    }
    const callers: Array<{ who: string; token: string | null; may: (need: Need) => boolean; refused: number }> = [
      { who: 'no token', token: null, may: () => false, refused: 401 },
      { who: 'a shopper', token: shopper.token, may: () => false, refused: 403 },
      {
        who: 'a pending session',
        token: pending.token,
        may: (need) => need === 'pending' || need === 'any',
        refused: 403,
      },
      ...operatorRoles.map((role) => ({
        who: role,
        token: operators[role],
        may: (need: Need) =>
          need === 'full' || need === 'any' || (need !== 'pending' && need !== 'public' && roleCan(role, need)),
        refused: 403,
      })),
    ];

    // Signing out last, so every session lasts the whole walk.
    const operations = (await consoleOperations()).sort(
      (a, b) => Number(a.key.endsWith('/sign-out')) - Number(b.key.endsWith('/sign-out')),
    );
    const wrong: string[] = [];
    for (const operation of operations) {
      const need = needs[operation.key] ?? 'public';
      if (need === 'public') continue;
      for (const caller of callers) {
        const answer = await ctx.app.inject({
          method: operation.method,
          url: operation.invalidUrl,
          headers: {
            ...(caller.token ? bearer(caller.token) : {}),
            ...(operation.hasBody ? { 'content-type': 'application/json' } : {}),
          },
          remoteAddress: nextIp(),
          ...(operation.hasBody ? { payload: JSON.stringify('not an object') } : {}),
        });
        const status = answer.statusCode;
        const ok = caller.may(need)
          ? status !== 401 && status !== 403
          : // A full session on the authenticator's steps is told it has passed them already.
            status === (need === 'pending' && caller.token && caller.token !== shopper.token ? 409 : caller.refused);
        if (!ok) wrong.push(`${operation.key} as ${caller.who} (${need}): ${status} ${answer.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
