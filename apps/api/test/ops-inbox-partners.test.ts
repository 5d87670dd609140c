import type { ApplicationDetail, ApplicationList } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClockedTestContext, createClockedTestApp } from './support/app';
import { auditRowsOf, sendApplication, signedInOperator } from './support/inbox';
import { mailsTo } from './support/mail';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp({ opsEmail: 'ops@ugm.test' });
});
afterAll(async () => {
  await ctx.close();
});

/** Each call a second after the last, so the thread's and the audit trail's order is the order of the calls. */
async function call(...args: Parameters<typeof opsCall> extends [unknown, ...infer Rest] ? Rest : never) {
  const answer = await opsCall(ctx.app, ...args);
  ctx.clock.advance(1000);
  return answer;
}

const signedIn = (role: Parameters<typeof signedInOperator>[2]) => signedInOperator(ctx.app, ctx.clock, role);
let applicant = 0;
async function newApplication(): Promise<{ id: string; email: string; company: string }> {
  applicant += 1;
  const company = `Bakery ${applicant}`;
  const email = `owner-${applicant}@bakery.example`;
  return { id: await sendApplication(ctx.app, company, email), email, company };
}

const decisionMails = async (email: string) =>
  (await mailsTo(ctx.app, email)).filter((mail) => !mail.subject.startsWith('We received'));

describe('the partners queue: who may use it', () => {
  it('lets partnerships and admin use every partners endpoint, and refuses support and finance with 403', async () => {
    for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
      const operator = await signedIn(role);
      const { id } = await newApplication();
      const calls = [
        () => call('GET', '/partners', operator.token),
        () => call('GET', `/partners/${id}`, operator.token),
        () => call('POST', `/partners/${id}/notes`, operator.token, { body: 'Called them.' }),
        () => call('POST', `/partners/${id}/status`, operator.token, { status: 'in-review' }),
        () => call('POST', `/partners/${id}/status`, operator.token, { status: 'accepted' }),
      ];
      const allowed = role === 'partnerships' || role === 'admin';
      for (const call of calls) {
        const answer = await call();
        if (allowed) expect(answer.statusCode, `${role} ${answer.body}`).toBeLessThan(300);
        else expect(answer.statusCode, role).toBe(403);
      }
      if (!allowed) expect(await auditRowsOf(ctx.app, id)).toEqual([]);
    }
  }, 60_000);

  it('refuses a shopper token with 403', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const { id } = await newApplication();
    expect((await call('GET', '/partners', shopper.token)).statusCode).toBe(403);
    expect((await call('POST', `/partners/${id}/status`, shopper.token, { status: 'accepted' })).statusCode).toBe(403);
  });
});

describe('an application moving through the queue', () => {
  it('starts New, goes In review, is accepted with an e-mail to the applicant, and stays decided', async () => {
    const partnerships = await signedIn('partnerships');
    const { id, email, company } = await newApplication();
    const first = (await call('GET', `/partners/${id}`, partnerships.token)).json<ApplicationDetail>();
    expect(first).toMatchObject({ companyName: company, businessEmail: email, status: 'new', decidedAt: null });

    const review = await call('POST', `/partners/${id}/status`, partnerships.token, { status: 'in-review' });
    expect(review.json<ApplicationDetail>().status).toBe('in-review');
    expect(await decisionMails(email)).toEqual([]);

    const accepted = await call('POST', `/partners/${id}/status`, partnerships.token, {
      status: 'accepted',
      reason: 'good range',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<ApplicationDetail>()).toMatchObject({
      status: 'accepted',
      decidedBy: { id: partnerships.id, email: partnerships.email },
    });
    const mails = await decisionMails(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your partnership application to UGM Gift Marketplace is accepted',
    ]);
    expect(mails[0]?.text).toContain('is accepted');

    const again = await call('POST', `/partners/${id}/status`, partnerships.token, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This application has already been decided.' });
    expect(await decisionMails(email)).toHaveLength(1);

    const audit = await auditRowsOf(ctx.app, id);
    expect(audit.map((row) => [row.action, row.operatorId, row.reason, row.before, row.after])).toEqual([
      ['partner.review', partnerships.id, null, { status: 'new' }, { status: 'in-review' }],
      ['partner.accept', partnerships.id, 'good range', { status: 'in-review' }, { status: 'accepted' }],
    ]);
  });

  it('rejects an application with an e-mail that repeats nothing the applicant wrote', async () => {
    const admin = await signedIn('admin');
    const { id, email, company } = await newApplication();
    const rejected = await call('POST', `/partners/${id}/status`, admin.token, { status: 'rejected' });
    expect(rejected.json<ApplicationDetail>().status).toBe('rejected');
    const [mail] = await decisionMails(email);
    expect(mail?.subject).toBe('Your partnership application to UGM Gift Marketplace');
    expect(mail?.text).toContain('we are not able to offer a partnership at this time');
    expect(mail?.text).not.toContain(company);
    expect((await auditRowsOf(ctx.app, id)).map((row) => row.action)).toEqual(['partner.reject']);
  });

  it('sends one e-mail when two operators accept and reject the same application at once', async () => {
    const one = await signedIn('partnerships');
    const two = await signedIn('admin');
    const { id, email } = await newApplication();
    const answers = await Promise.all([
      call('POST', `/partners/${id}/status`, one.token, { status: 'accepted' }),
      call('POST', `/partners/${id}/status`, two.token, { status: 'rejected' }),
      call('POST', `/partners/${id}/status`, one.token, { status: 'accepted' }),
      call('POST', `/partners/${id}/status`, two.token, { status: 'accepted' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await decisionMails(email)).toHaveLength(1);
    const decisions = (await auditRowsOf(ctx.app, id)).filter((row) => row.action !== 'partner.review');
    expect(decisions).toHaveLength(1);
  });

  it('keeps notes on the application, in order, each audited, whatever its state', async () => {
    const partnerships = await signedIn('partnerships');
    const { id } = await newApplication();
    const first = await call('POST', `/partners/${id}/notes`, partnerships.token, {
      body: 'Spoke to the owner.\nThey sell in three shops.',
    });
    expect(first.statusCode).toBe(201);
    await call('POST', `/partners/${id}/status`, partnerships.token, { status: 'rejected' });
    const second = await call('POST', `/partners/${id}/notes`, partnerships.token, {
      body: 'Told them to apply again next year.',
    });
    expect(second.statusCode).toBe(201);
    const detail = (await call('GET', `/partners/${id}`, partnerships.token)).json<ApplicationDetail>();
    expect(detail.notes.map((note) => [note.body, note.operator.email])).toEqual([
      ['Spoke to the owner.\nThey sell in three shops.', partnerships.email],
      ['Told them to apply again next year.', partnerships.email],
    ]);
    expect((await call('POST', `/partners/${id}/notes`, partnerships.token, { body: '' })).statusCode).toBe(400);
    const audit = await auditRowsOf(ctx.app, id);
    expect(audit.map((row) => row.action)).toEqual(['partner.note', 'partner.reject', 'partner.note']);
    expect(audit[0]?.after).toMatchObject({ body: 'Spoke to the owner.\nThey sell in three shops.' });
  });

  it('lists the queue by state, with each application’s count of notes', async () => {
    const partnerships = await signedIn('partnerships');
    const fresh = await newApplication();
    const reviewing = await newApplication();
    const accepted = await newApplication();
    await call('POST', `/partners/${reviewing.id}/status`, partnerships.token, { status: 'in-review' });
    await call('POST', `/partners/${reviewing.id}/notes`, partnerships.token, { body: 'Looks good' });
    await call('POST', `/partners/${accepted.id}/status`, partnerships.token, { status: 'accepted' });

    const queue = async (status: string) =>
      (await call('GET', `/partners?status=${status}`, partnerships.token)).json<ApplicationList>().applications;
    const newIds = (await queue('new')).map((application) => application.id);
    expect(newIds).toContain(fresh.id);
    expect(newIds).not.toContain(reviewing.id);
    const inReview = await queue('in-review');
    expect(inReview.find((application) => application.id === reviewing.id)?.notes).toBe(1);
    expect((await queue('accepted')).map((application) => application.id)).toContain(accepted.id);
    expect((await queue('rejected')).map((application) => application.id)).not.toContain(accepted.id);
    expect((await call('GET', '/partners?status=maybe', partnerships.token)).statusCode).toBe(400);
  });
});
