import type { AuditPage, CurrentOperator, OperatorRole, TeamList, TeamMember } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '../src/db/schema';
import { type ClockedTestContext, createClockedTestApp } from './support/app';
import { createOperator, opsCall, signInOperator } from './support/operators';
import { bearer, nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

const CONFIGURED = 'root@ugm.example';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp({ opsAdmins: [CONFIGURED] });
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
async function signedIn(role: OperatorRole): Promise<{ id: string; email: string; token: string; secret: string }> {
  counter += 1;
  const email = `${role}-${counter}@ugm.example`;
  const id = await createOperator(ctx.app, email, role);
  const { token, secret } = await signInOperator(ctx.app, ctx.clock, email);
  return { id, email, token, secret };
}

const auditRowsFor = (targetId: string) => ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

/**
 * The role matrix of docs/product/operators.md#roles, written out here rather than read from the
 * code, so a change to the code's table fails this test.
 */
const expectedCapabilities: Record<OperatorRole, string[]> = {
  support: ['customers.view', 'customers.help', 'messages', 'chat'],
  finance: ['customers.view', 'money.move', 'money.approve', 'reports'],
  partnerships: ['partners'],
  admin: [
    'customers.view',
    'customers.help',
    'customers.disable',
    'money.move',
    'money.approve',
    'messages',
    'chat',
    'chat.canned',
    'partners',
    'reports',
    'audit',
    'team',
  ],
};

describe('the role matrix, on the server', () => {
  it('lets every role use exactly the ops endpoints its capabilities allow', async () => {
    const target = await createOperator(ctx.app, 'matrix-target@ugm.example', 'support');
    for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
      const { token } = await signedIn(role);
      const me = await opsCall(ctx.app, 'GET', '/me', token);
      expect(me.statusCode, role).toBe(200);
      expect([...me.json<CurrentOperator>().capabilities].sort(), role).toEqual([...expectedCapabilities[role]].sort());
      const may = (capability: string) => expectedCapabilities[role].includes(capability);
      const calls = [
        { capability: 'team', call: () => opsCall(ctx.app, 'GET', '/team', token) },
        {
          capability: 'team',
          call: () =>
            opsCall(ctx.app, 'POST', '/team', token, { email: `invitee-${role}@ugm.example`, role: 'support' }),
        },
        { capability: 'team', call: () => opsCall(ctx.app, 'PATCH', `/team/${target}`, token, { role: 'finance' }) },
        { capability: 'audit', call: () => opsCall(ctx.app, 'GET', '/audit', token) },
        { capability: 'audit', call: () => opsCall(ctx.app, 'GET', '/audit.csv', token) },
      ];
      for (const { capability, call } of calls) {
        const answer = await call();
        if (may(capability)) expect(answer.statusCode, `${role} ${capability}`).toBeLessThan(300);
        else expect(answer.statusCode, `${role} ${capability}`).toBe(403);
      }
    }
  }, 60_000);

  it('refuses a shopper token on every ops endpoint with 403', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const target = await createOperator(ctx.app, 'shopper-target@ugm.example', 'support');
    const calls: Array<['GET' | 'POST' | 'PATCH', string, object?]> = [
      ['POST', '/auth/totp/setup'],
      ['POST', '/auth/totp/verify', { code: '123456' }],
      ['POST', '/auth/sign-out'],
      ['GET', '/me'],
      ['GET', '/team'],
      ['POST', '/team', { email: 'x@ugm.example', role: 'admin' }],
      ['PATCH', `/team/${target}`, { role: 'admin' }],
      ['GET', '/audit'],
      ['GET', '/audit.csv'],
    ];
    for (const [method, path, payload] of calls) {
      const answer = await opsCall(ctx.app, method, path, shopper.token, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await ctx.app.db.select().from(operators).where(eq(operators.email, 'x@ugm.example'))).toHaveLength(0);
  });

  it('never lets an operator token act as a shopper', async () => {
    const { id, token } = await signedIn('admin');
    for (const url of ['/api/v1/users/me', `/api/v1/notifications/${id}`, `/api/v1/carts/${id}`]) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: bearer(token), remoteAddress: nextIp() });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('refuses a request without a token with 401', async () => {
    expect((await opsCall(ctx.app, 'GET', '/me', null)).statusCode).toBe(401);
    expect((await opsCall(ctx.app, 'GET', '/team', null)).statusCode).toBe(401);
  });
});

describe('Team', () => {
  it('invites an operator, who then signs in with that address and the role given', async () => {
    const admin = await signedIn('admin');
    const invited = await opsCall(ctx.app, 'POST', '/team', admin.token, {
      email: ' New.Hire@UGM.example',
      role: 'finance',
    });
    expect(invited.statusCode).toBe(201);
    const member = invited.json<TeamMember>();
    expect(member).toMatchObject({
      email: 'new.hire@ugm.example',
      role: 'finance',
      disabled: false,
      twoStepSetUp: false,
    });
    const [row] = await auditRowsFor(member.id);
    expect(row).toMatchObject({ action: 'operator.invite', operatorId: admin.id, role: 'admin' });
    expect(row?.after).toEqual({ email: 'new.hire@ugm.example', role: 'finance' });

    const { token } = await signInOperator(ctx.app, ctx.clock, 'new.hire@ugm.example');
    const me = await opsCall(ctx.app, 'GET', '/me', token);
    expect(me.json<CurrentOperator>().role).toBe('finance');
    const team = await opsCall(ctx.app, 'GET', '/team', admin.token);
    const listed = team.json<TeamList>().operators.find((operator) => operator.email === 'new.hire@ugm.example');
    expect(listed?.twoStepSetUp).toBe(true);
    expect(team.body).not.toMatch(/totp|secret|sealed/i);
  });

  it('creates one operator from 50 identical invitations at once, audited once', async () => {
    const admin = await signedIn('admin');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        opsCall(ctx.app, 'POST', '/team', admin.token, { email: 'once@ugm.example', role: 'support' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    const rows = await ctx.app.db.select().from(operators).where(eq(operators.email, 'once@ugm.example'));
    expect(rows).toHaveLength(1);
    expect(await auditRowsFor(rows[0]?.id ?? '')).toHaveLength(1);
  }, 60_000);

  it('changes a role with its before and after in the audit trail', async () => {
    const admin = await signedIn('admin');
    const target = await createOperator(ctx.app, 'promote-me@ugm.example', 'support');
    const answer = await opsCall(ctx.app, 'PATCH', `/team/${target}`, admin.token, {
      role: 'partnerships',
      reason: 'Moved team',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<TeamMember>().role).toBe('partnerships');
    const [row] = await auditRowsFor(target);
    expect(row).toMatchObject({
      action: 'operator.role-change',
      reason: 'Moved team',
      before: { role: 'support' },
      after: { role: 'partnerships' },
    });
  });

  it('ends a disabled operator’s sessions at once, and lets them back when enabled', async () => {
    const admin = await signedIn('admin');
    const victim = await signedIn('support');
    expect((await opsCall(ctx.app, 'GET', '/me', victim.token)).statusCode).toBe(200);
    const disabled = await opsCall(ctx.app, 'PATCH', `/team/${victim.id}`, admin.token, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<TeamMember>().disabled).toBe(true);
    expect((await opsCall(ctx.app, 'GET', '/me', victim.token)).statusCode).toBe(401);
    const disableRows = (await auditRowsFor(victim.id)).filter((row) => row.action === 'operator.disable');
    expect(disableRows).toHaveLength(1);
    expect(disableRows[0]).toMatchObject({
      operatorId: admin.id,
      before: { disabled: false },
      after: { disabled: true },
    });

    const enabled = await opsCall(ctx.app, 'PATCH', `/team/${victim.id}`, admin.token, { disabled: false });
    expect(enabled.json<TeamMember>().disabled).toBe(false);
    // The old session stays ended; a new sign-in works.
    expect((await opsCall(ctx.app, 'GET', '/me', victim.token)).statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(operators).where(eq(operators.id, victim.id));
    expect(row?.disabledAt).toBeNull();
  });

  it('resets a lost authenticator: the operator’s sessions end and the next sign-in sets up a new one', async () => {
    const admin = await signedIn('admin');
    const lost = await signedIn('support');
    const reset = await opsCall(ctx.app, 'PATCH', `/team/${lost.id}`, admin.token, {
      resetTwoStep: true,
      reason: 'Phone lost',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<TeamMember>().twoStepSetUp).toBe(false);
    expect((await opsCall(ctx.app, 'GET', '/me', lost.token)).statusCode).toBe(401);
    const [row] = (await auditRowsFor(lost.id)).filter((entry) => entry.action === 'operator.two-step-reset');
    expect(row).toMatchObject({ reason: 'Phone lost', after: { twoStepSetUp: false } });
    const again = await signInOperator(ctx.app, ctx.clock, lost.email);
    expect(again.secret).not.toBe(lost.secret);
  });

  it('never demotes or disables the last admin, and writes nothing when it refuses', async () => {
    await ctx.app.db.update(operators).set({ role: 'support' }).where(eq(operators.role, 'admin'));
    const last = await signedIn('admin');
    const before = (await ctx.app.db.select().from(auditLog)).length;
    for (const change of [{ role: 'support' }, { disabled: true }, { role: 'finance', disabled: true }]) {
      const answer = await opsCall(ctx.app, 'PATCH', `/team/${last.id}`, last.token, change);
      expect(answer.statusCode).toBe(409);
      expect(answer.json<{ error: string }>().error).toMatch(/last admin/);
    }
    expect((await ctx.app.db.select().from(auditLog)).length).toBe(before);

    const second = await signedIn('admin');
    // Now either may go, but not both.
    expect((await opsCall(ctx.app, 'PATCH', `/team/${last.id}`, second.token, { role: 'support' })).statusCode).toBe(
      200,
    );
    expect((await opsCall(ctx.app, 'PATCH', `/team/${second.id}`, second.token, { disabled: true })).statusCode).toBe(
      409,
    );
  });

  it('keeps two admins demoting each other at once from leaving none', async () => {
    await ctx.app.db.update(operators).set({ role: 'support' }).where(eq(operators.role, 'admin'));
    const a = await signedIn('admin');
    const b = await signedIn('admin');
    const answers = await Promise.all([
      opsCall(ctx.app, 'PATCH', `/team/${b.id}`, a.token, { role: 'support' }),
      opsCall(ctx.app, 'PATCH', `/team/${a.id}`, b.token, { role: 'support' }),
    ]);
    const admins = await ctx.app.db.select().from(operators).where(eq(operators.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toContain(200);
  });

  it('keeps an OPS_ADMINS address an admin', async () => {
    const admin = await signedIn('admin');
    await signInOperator(ctx.app, ctx.clock, CONFIGURED);
    const [configured] = await ctx.app.db.select().from(operators).where(eq(operators.email, CONFIGURED));
    const answer = await opsCall(ctx.app, 'PATCH', `/team/${configured?.id}`, admin.token, { role: 'support' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ error: string }>().error).toMatch(/OPS_ADMINS/);
  });

  it('answers 404 for an unknown operator and 400 for a bad id', async () => {
    const admin = await signedIn('admin');
    const unknown = await opsCall(ctx.app, 'PATCH', '/team/00000000-0000-4000-8000-000000000000', admin.token, {
      role: 'support',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await opsCall(ctx.app, 'PATCH', '/team/nope', admin.token, { role: 'support' })).statusCode).toBe(400);
    expect((await opsCall(ctx.app, 'PATCH', `/team/${admin.id}`, admin.token, {})).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('lists entries newest first with filters and pages, and downloads them as CSV', async () => {
    const admin = await signedIn('admin');
    const target = await createOperator(ctx.app, 'audited@ugm.example', 'support');
    for (const role of ['finance', 'partnerships', 'support'] as const) {
      ctx.clock.advance(1000);
      await opsCall(ctx.app, 'PATCH', `/team/${target}`, admin.token, { role, reason: '=HYPERLINK("x")' });
    }
    const all = await opsCall(ctx.app, 'GET', `/audit?targetId=${target}`, admin.token);
    expect(all.statusCode).toBe(200);
    const entries = all.json<AuditPage>().entries;
    expect(entries.map((entry) => (entry.after as { role: string }).role)).toEqual([
      'support',
      'partnerships',
      'finance',
    ]);
    expect(entries[0]).toMatchObject({ operatorEmail: admin.email, action: 'operator.role-change' });

    const first = await opsCall(ctx.app, 'GET', `/audit?targetId=${target}&limit=2`, admin.token);
    const page = first.json<AuditPage>();
    expect(page.entries).toHaveLength(2);
    const rest = await opsCall(
      ctx.app,
      'GET',
      `/audit?targetId=${target}&limit=2&before=${encodeURIComponent(page.nextCursor ?? '')}`,
      admin.token,
    );
    expect(rest.json<AuditPage>().entries.map((entry) => entry.id)).toEqual([entries[2]?.id]);
    expect(rest.json<AuditPage>().nextCursor).toBeNull();

    const byOperator = await opsCall(
      ctx.app,
      'GET',
      `/audit?operator=${admin.id}&action=operator.sign-in`,
      admin.token,
    );
    expect(byOperator.json<AuditPage>().entries).toHaveLength(1);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const dated = await opsCall(ctx.app, 'GET', `/audit?targetId=${target}&from=${today}&to=${today}`, admin.token);
    expect(dated.json<AuditPage>().entries).toHaveLength(3);
    const future = await opsCall(ctx.app, 'GET', `/audit?targetId=${target}&from=2999-01-01`, admin.token);
    expect(future.json<AuditPage>().entries).toHaveLength(0);
    expect((await opsCall(ctx.app, 'GET', '/audit?from=yesterday', admin.token)).statusCode).toBe(400);
    expect((await opsCall(ctx.app, 'GET', '/audit?before=garbage', admin.token)).statusCode).toBe(400);

    const csv = await opsCall(ctx.app, 'GET', `/audit.csv?targetId=${target}`, admin.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,operator_email,operator_id,role,action,target_type,target_id,reason,before,after,ip');
    expect(lines).toHaveLength(4);
    // A formula is defused, and quotes are doubled.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const exported = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    expect(exported.length).toBeGreaterThan(0);
  });
});
