import {
  GIFT_RESEND_LIMIT_MESSAGE,
  GIFT_RESENDS_PER_DAY,
  type OperatorRole,
  type OpsVoucherPage,
  type SessionTokens,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { auditLog, giftTransfers, orders } from '../src/db/schema';
import { REISSUE_NO_CODE_MESSAGE, reissueSupplierCodeMessage } from '../src/modules/vouchers';
import { createClockedTestApp } from './support/app';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { buyGift } from './support/gifts';
import { startGoogleStandIn } from './support/google-stand-in';
import { latestMailTo, mailsTo } from './support/mail';
import { createOperator, opsCall, signInOperator } from './support/operators';
import { sendAs } from './support/requests';
import { bearer, nextIp, requestCode, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';
import { buyVoucher, orderRow } from './support/vouchers';

let ctx: CheckoutTestContext;
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
    const email = `actions-${role}@ugm.example`;
    await createOperator(ctx.app, email, role);
    tokens[role] = (await signInOperator(ctx.app, ctx.clock, email)).token;
  }
}, 60_000);
afterAll(() => ctx.close());

const DISABLED = 'This account has been disabled. Please contact support.';
const auditOf = (targetId: string) => ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const me = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', payload: { refreshToken } });
const codeOf = async (voucherId: string) => {
  const row = defined(await orderRow(ctx, voucherId), 'voucher');
  return createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(defined(row.codeCiphertext, 'code'));
};
const lastFour = (code: string) => code.replace(/-/g, '').slice(-4);
const tryLogin = async (email: string) => {
  const loginCode = await requestCode(ctx.app, email);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, loginCode },
    remoteAddress: nextIp(),
  });
};

describe('the role matrix of the customer actions', () => {
  it('lets each role do exactly what its capabilities allow', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const voucherId = await buyVoucher(ctx, shopper, 20);
    // A code exists once its holder activated the voucher (decision 068).
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, shopper)).statusCode).toBe(200);
    const reason = { reason: 'role matrix' };
    const reissue = { ...reason, codeLast4: lastFour(await codeOf(voucherId)) };
    const calls = [
      { capability: 'customers.help', path: `/customers/${shopper.user.id}/sign-out-everywhere`, body: {} },
      { capability: 'customers.disable', path: `/customers/${shopper.user.id}/disable`, body: reason },
      { capability: 'customers.disable', path: `/customers/${shopper.user.id}/enable`, body: reason },
      { capability: 'customers.help', path: `/vouchers/${voucherId}/gift/resend`, body: {} },
      {
        capability: 'customers.help',
        path: `/vouchers/${voucherId}/gift/recipient`,
        body: { name: 'X', email: 'x@example.com' },
      },
      { capability: 'money.move', path: `/vouchers/${voucherId}/reissue`, body: reissue },
    ];
    const allowed: Record<OperatorRole, string[]> = {
      support: ['customers.help'],
      finance: ['money.move'],
      partnerships: [],
      admin: ['customers.help', 'customers.disable', 'money.move'],
    };
    for (const { capability, path, body } of calls) {
      expect((await opsCall(ctx.app, 'POST', path, null, body)).statusCode, path).toBe(401);
      expect((await opsCall(ctx.app, 'POST', path, shopper.token, body)).statusCode, path).toBe(403);
      for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
        const status = (await opsCall(ctx.app, 'POST', path, tokens[role], body)).statusCode;
        // Allowed roles get past the check: the answer is the action's own (a personal voucher is
        // not a gift: 404), never the role's 403.
        if (allowed[role].includes(capability)) expect(status, `${role} ${path}`).not.toBe(403);
        else expect(status, `${role} ${path}`).toBe(403);
      }
    }
    // Refused requests wrote nothing: only the allowed calls' rows exist.
    const rows = await auditOf(shopper.user.id);
    expect(rows.every((row) => row.role === 'support' || row.role === 'admin')).toBe(true);
  }, 60_000);
});

describe("'Sign out everywhere'", () => {
  it("ends every one of the shopper's sessions at once", async () => {
    const email = `everywhere-${Date.now()}@example.com`;
    await createUserAndToken(ctx.app, { email });
    const first = await signInByCode(ctx.app, email);
    const second = await signInByCode(ctx.app, email);
    const userId = defined((await me(first.token)).json<{ _id: string }>()._id, 'user id');
    const answer = await opsCall(ctx.app, 'POST', `/customers/${userId}/sign-out-everywhere`, tokens.support, {});
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ message: string }>().message).toBe('Signed out everywhere: 3 sessions ended.');
    for (const session of [first, second]) {
      expect((await me(session.token)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const [row] = await auditOf(userId);
    expect(row).toMatchObject({ action: 'customer.sign-out-everywhere', role: 'support', after: { sessionsEnded: 3 } });
    // The shopper may sign in again.
    expect((await tryLogin(email)).statusCode).toBe(200);
  });
});

describe("'Disable account' and 'Enable account'", () => {
  it('needs a reason', async () => {
    const shopper = await createUserAndToken(ctx.app);
    for (const body of [{}, { reason: '   ' }]) {
      const answer = await opsCall(ctx.app, 'POST', `/customers/${shopper.user.id}/disable`, tokens.admin, body);
      expect(answer.statusCode).toBe(400);
    }
    expect(await auditOf(shopper.user.id)).toEqual([]);
  });

  it('ends the sessions at once, refuses sign-in plainly, and enabling lets the shopper back in', async () => {
    const email = `disabled-${Date.now()}@example.com`;
    await createUserAndToken(ctx.app, { email });
    const session: SessionTokens = await signInByCode(ctx.app, email);
    const userId = defined((await me(session.token)).json<{ _id: string }>()._id, 'user id');

    const disabled = await opsCall(ctx.app, 'POST', `/customers/${userId}/disable`, tokens.admin, {
      reason: 'Account taken over',
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const refused = await tryLogin(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(DISABLED);
    const again = await opsCall(ctx.app, 'POST', `/customers/${userId}/disable`, tokens.admin, { reason: 'twice' });
    expect(again.statusCode).toBe(409);

    const page = await opsCall(ctx.app, 'GET', `/customers/${userId}`, tokens.admin);
    expect(page.json<{ profile: { disabled: boolean } }>().profile.disabled).toBe(true);

    const enabled = await opsCall(ctx.app, 'POST', `/customers/${userId}/enable`, tokens.admin, { reason: 'Verified' });
    expect(enabled.statusCode).toBe(200);
    expect((await tryLogin(email)).statusCode).toBe(200);

    const rows = (await auditOf(userId)).filter((row) => row.action !== 'customer.view');
    expect(rows.map((row) => [row.action, row.reason, row.before, row.after])).toEqual([
      ['customer.disable', 'Account taken over', { disabled: false }, { disabled: true, sessionsEnded: 2 }],
      ['customer.enable', 'Verified', { disabled: true }, { disabled: false }],
    ]);
  });

  it('refuses a disabled account a sign-in by Google too, with the same plain message', async () => {
    const google = await startGoogleStandIn();
    const clientId = 'ops-test.apps.googleusercontent.com';
    const app = await createClockedTestApp({ googleClientId: clientId, googleTokenInfoUrl: google.url });
    try {
      await createOperator(app.app, 'google-admin@ugm.example', 'admin');
      const admin = await signInOperator(app.app, app.clock, 'google-admin@ugm.example');
      const shopper = await createUserAndToken(app.app, { email: 'google.shopper@gmail.com' });
      google.issue('ya29.disabled', {
        aud: clientId,
        azp: clientId,
        sub: '1234567890',
        email: 'google.shopper@gmail.com',
        email_verified: 'true',
      });
      const signIn = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/users/auth/google/token',
          payload: { accessToken: 'ya29.disabled', mode: 'login' },
          remoteAddress: nextIp(),
        });
      expect((await signIn()).statusCode).toBe(200);
      const disabled = await opsCall(app.app, 'POST', `/customers/${shopper.user.id}/disable`, admin.token, {
        reason: 'fraud',
      });
      expect(disabled.statusCode).toBe(200);
      const refused = await signIn();
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: string }>().error).toBe(DISABLED);
    } finally {
      await app.close();
      await google.close();
    }
  }, 60_000);
});

describe("'Resend gift e-mail' and 'Correct recipient'", () => {
  it("resends under the sender's own daily limit, and the timeline names the operator", async () => {
    const sender = await createUserAndToken(ctx.app);
    const gift = await buyGift(ctx, sender, { name: 'Ria', email: `ria-${Date.now()}@example.com` });
    expect((await sendAs(ctx.app, 'POST', `/orders/${gift.orderId}/gift/resend`, sender)).statusCode).toBe(200);
    for (let attempt = 1; attempt < GIFT_RESENDS_PER_DAY; attempt += 1) {
      ctx.clock.advance(1_000);
      const answer = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/resend`, tokens.support, {
        reason: 'Customer called',
      });
      expect(answer.statusCode).toBe(200);
    }
    const over = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/resend`, tokens.support, {});
    expect(over.statusCode).toBe(429);
    expect(over.json<{ error: string }>().error).toBe(GIFT_RESEND_LIMIT_MESSAGE);

    const rows = (await auditOf(gift.orderId)).filter((row) => row.action === 'gift.resend');
    expect(rows).toHaveLength(GIFT_RESENDS_PER_DAY - 1);
    const page = (await opsCall(ctx.app, 'GET', `/vouchers/${gift.orderId}`, tokens.support)).json<OpsVoucherPage>();
    const resends = page.timeline.filter((entry) => entry.kind === 'resent');
    expect(resends.map((entry) => entry.by)).toEqual([
      { type: 'shopper', label: sender.user.email },
      ...rows.map(() => ({ type: 'operator', label: 'actions-support@ugm.example' })),
    ]);
    expect(resends[1]?.detail).toContain('Reason: Customer called');
  });

  it('corrects the recipient: the old link dies, the new address gets a new link, the audit row has no link', async () => {
    const sender = await createUserAndToken(ctx.app);
    const wrong = `wrong-${Date.now()}@example.com`;
    const right = `right-${Date.now()}@example.com`;
    const gift = await buyGift(ctx, sender, { name: 'Sam', email: wrong });
    const answer = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/recipient`, tokens.support, {
      name: 'Sam Right',
      email: right,
      reason: 'Typo in the address',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('/gift/');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${gift.token}` })).statusCode).toBe(404);
    const mail = await latestMailTo(ctx.app, right);
    const newToken = defined(/\/gift\/([\w-]+)/.exec(mail.text)?.[1], 'new claim token');
    expect(newToken).not.toBe(gift.token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${newToken}` })).statusCode).toBe(200);

    const [row] = (await auditOf(gift.orderId)).filter((entry) => entry.action === 'gift.correct-recipient');
    expect(row).toMatchObject({
      reason: 'Typo in the address',
      before: { recipientName: 'Sam', recipientEmail: wrong },
      after: { recipientName: 'Sam Right', recipientEmail: right },
    });
    const [transfer] = await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, gift.orderId));
    const stored = JSON.stringify(row);
    for (const secret of [gift.token, newToken, transfer?.claimTokenHash, transfer?.claimTokenCiphertext]) {
      expect(stored).not.toContain(String(secret));
    }
    const page = (await opsCall(ctx.app, 'GET', `/vouchers/${gift.orderId}`, tokens.support)).json<OpsVoucherPage>();
    expect(page.timeline.find((entry) => entry.kind === 'recipient-corrected')).toMatchObject({
      by: { type: 'operator', label: 'actions-support@ugm.example' },
      detail: `${wrong} → ${right}. Reason: Typo in the address`,
    });
  });

  it('refuses a claimed gift and a voucher that was not a gift', async () => {
    const sender = await createUserAndToken(ctx.app);
    const recipient = await createUserAndToken(ctx.app);
    const gift = await buyGift(ctx, sender, { name: 'Cy', email: recipient.user.email });
    expect((await sendAs(ctx.app, 'POST', '/orders/redeem-link', recipient, { link: gift.link })).statusCode).toBe(200);
    const claimed = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/resend`, tokens.support, {});
    expect(claimed.statusCode).toBe(409);
    const personal = await buyVoucher(ctx, sender, 10);
    const notGift = await opsCall(ctx.app, 'POST', `/vouchers/${personal}/gift/recipient`, tokens.support, {
      name: 'A',
      email: 'a@example.com',
    });
    expect(notGift.statusCode).toBe(404);
    expect(notGift.json<{ error: string }>().error).toBe('This voucher was not sent as a gift');
    expect((await auditOf(gift.orderId)).filter((row) => row.action.startsWith('gift.'))).toEqual([]);
  });
});

describe("'Reissue code'", () => {
  it('gives the holder a new code, kills the old one, and shows the operator only last fours', async () => {
    const holder = await createUserAndToken(ctx.app);
    const voucherId = await buyVoucher(ctx, holder, 40);
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, holder)).statusCode).toBe(200);
    const oldCode = await codeOf(voucherId);

    const answer = await opsCall(ctx.app, 'POST', `/vouchers/${voucherId}/reissue`, tokens.finance, {
      reason: 'Code leaked',
      codeLast4: lastFour(oldCode),
    });
    expect(answer.statusCode).toBe(200);
    const newCode = await codeOf(voucherId);
    expect(newCode).not.toBe(oldCode);
    expect(answer.body).not.toContain(newCode);
    expect(answer.json<{ message: string }>().message).toContain(newCode.replace(/-/g, '').slice(-4));

    const till = await sendAs(ctx.app, 'GET', `/orders/${voucherId}/voucher`, holder);
    expect(till.json<{ code: string }>().code).toBe(newCode);
    const mail = defined((await mailsTo(ctx.app, holder.user.email))[0], 'reissue e-mail');
    expect(mail.subject).toBe('Your Argos voucher has a new code');
    expect(mail.text).not.toContain(newCode);
    expect(mail.text).not.toContain(oldCode);

    const [row] = (await auditOf(voucherId)).filter((entry) => entry.action === 'voucher.reissue');
    expect(row).toMatchObject({
      role: 'finance',
      reason: 'Code leaked',
      before: { codeLast4: oldCode.replace(/-/g, '').slice(-4) },
      after: { codeLast4: newCode.replace(/-/g, '').slice(-4) },
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(oldCode);
    expect(stored).not.toContain(newCode);

    const page = (await opsCall(ctx.app, 'GET', `/vouchers/${voucherId}`, tokens.finance)).json<OpsVoucherPage>();
    expect(page.timeline.at(-1)).toMatchObject({
      kind: 'reissued',
      by: { type: 'operator', label: 'actions-finance@ugm.example' },
    });
    expect(page.voucher.codeLast4).toBe(newCode.replace(/-/g, '').slice(-4));
  });

  it('needs a reason, and refuses a converted voucher and an unclaimed gift', async () => {
    const holder = await createUserAndToken(ctx.app);
    const converted = await buyVoucher(ctx, holder, 10);
    expect((await sendAs(ctx.app, 'POST', `/orders/${converted}/return`, holder)).statusCode).toBe(200);
    // A converted voucher never had a code: any last four is refused for what the voucher is.
    const codeLast4 = 'K7QZ';
    for (const body of [{}, { codeLast4 }, { reason: 'x' }, { reason: 'x', codeLast4: '12' }]) {
      expect((await opsCall(ctx.app, 'POST', `/vouchers/${converted}/reissue`, tokens.finance, body)).statusCode).toBe(
        400,
      );
    }
    const refused = await opsCall(ctx.app, 'POST', `/vouchers/${converted}/reissue`, tokens.finance, {
      reason: 'x',
      codeLast4,
    });
    expect(refused.statusCode).toBe(409);
    const gift = await buyGift(ctx, holder, { name: 'Un', email: `unclaimed-${Date.now()}@example.com` });
    const unclaimed = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/reissue`, tokens.finance, {
      reason: 'x',
      codeLast4,
    });
    expect(unclaimed.statusCode).toBe(409);
    expect((await auditOf(converted)).filter((row) => row.action === 'voucher.reissue')).toEqual([]);
  });

  it('refuses a voucher with no code yet, and a code bought from Tillo', async () => {
    const holder = await createUserAndToken(ctx.app);
    const unactivated = await buyVoucher(ctx, holder, 10);
    const noCode = await opsCall(ctx.app, 'POST', `/vouchers/${unactivated}/reissue`, tokens.finance, {
      reason: 'x',
      codeLast4: 'K7QZ',
    });
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json()).toEqual({ error: REISSUE_NO_CODE_MESSAGE });

    const fromTillo = await buyVoucher(ctx, holder, 10);
    expect((await sendAs(ctx.app, 'POST', `/orders/${fromTillo}/activate`, holder)).statusCode).toBe(200);
    await ctx.app.db.update(orders).set({ supplier: 'tillo' }).where(eq(orders.id, fromTillo));
    const refused = await opsCall(ctx.app, 'POST', `/vouchers/${fromTillo}/reissue`, tokens.finance, {
      reason: 'x',
      codeLast4: lastFour(await codeOf(fromTillo)),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: reissueSupplierCodeMessage('tillo') });
  });
});
