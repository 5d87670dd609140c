import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { createTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './mail-test-server';

const ops = 'operations@ugm.test';
let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await createTestSmtpServer();
  ctx = await createTestApp({ smtpUrl: smtp.url, opsEmail: ops, mailFrom: 'UGM Gift Marketplace <hello@ugm.test>' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

let visitor = 0;
function post(path: string, payload: object) {
  visitor += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/outreach/${path}`,
    payload,
    remoteAddress: `10.1.0.${visitor}`,
  });
}

/** Waits for the mail worker to hand `count` messages to the SMTP server. */
async function delivered(count: number): Promise<ReceivedMail[]> {
  await vi.waitFor(() => expect(smtp.received).toHaveLength(count), { timeout: 10_000, interval: 50 });
  return [...smtp.received];
}

const to = (mails: ReceivedMail[], address: string) => {
  const mail = mails.find((candidate) => candidate.envelopeTo.includes(address));
  if (!mail) throw new Error(`no e-mail reached ${address}`);
  return mail;
};

describe('outreach e-mails over SMTP', () => {
  it('a contact message reaches the sender as an acknowledgement and the team as a copy they can reply to', async () => {
    const response = await post('support', {
      name: 'Oliver Grant',
      email: 'oliver@example.com',
      subject: 'business',
      message: 'We would like to buy 40 vouchers for our staff.\nCan you invoice us?',
    });
    expect(response.statusCode).toBe(200);

    const mails = await delivered(2);
    const acknowledgement = to(mails, 'oliver@example.com');
    expect(acknowledgement.envelopeFrom).toBe('hello@ugm.test');
    expect(acknowledgement.subject).toBe('We received your message');
    expect(acknowledgement.text).toContain('business enquiry');
    expect(acknowledgement.html).toContain('business enquiry');
    expect(acknowledgement.text).not.toContain('invoice');

    const copy = to(mails, ops);
    expect(copy.subject).toBe('[UGM Gift Marketplace] Contact message (Business enquiry) from Oliver Grant');
    expect(copy.headers.get('reply-to')).toBe('oliver@example.com');
    expect(copy.text).toContain('We would like to buy 40 vouchers for our staff.\nCan you invoice us?');
    expect(copy.html).toContain('We would like to buy 40 vouchers for our staff.<br>Can you invoice us?');
  });

  it('a partnership application reaches the applicant and the team, with every field in the copy', async () => {
    const response = await post('partnership', {
      companyName: 'Pennine <Outdoor> Gear',
      contactName: 'Hannah Shaw',
      businessEmail: 'hannah@pennine.example',
      phoneNumber: '01422 555 010',
      companyWebsite: 'https://pennine.example',
      businessCategory: 'leisure & sports',
      aboutBusiness: 'Walking and climbing kit from our shop in Hebden Bridge.',
    });
    expect(response.statusCode).toBe(200);

    const mails = await delivered(2);
    expect(to(mails, 'hannah@pennine.example').subject).toBe('We received your partnership application');
    const copy = to(mails, ops);
    expect(copy.headers.get('reply-to')).toBe('hannah@pennine.example');
    for (const value of [
      'Hannah Shaw',
      '01422 555 010',
      'https://pennine.example',
      'Leisure & Sports',
      'Hebden Bridge',
    ]) {
      expect(copy.text).toContain(value);
    }
    expect(copy.html).toContain('Pennine &lt;Outdoor&gt; Gear');
    expect(copy.html).not.toContain('<Outdoor>');
  });

  it('a newsletter sign-up is acknowledged once, however often the address subscribes', async () => {
    expect((await post('newsletter', { email: 'fan@example.com' })).statusCode).toBe(200);
    const mails = await delivered(2);
    expect(to(mails, 'fan@example.com').subject).toBe('You are subscribed to UGM Gift Marketplace updates');
    expect(to(mails, 'fan@example.com').text).toContain('Thank you for subscribing!');
    expect(to(mails, ops).headers.get('reply-to')).toBe('fan@example.com');

    const again = await post('newsletter', { email: 'fan@example.com' });
    expect(again.json()).toEqual({ message: 'Thank you for subscribing!' });
    await ctx.app.mailWorker.drain();
    expect(smtp.received).toHaveLength(2);
  });
});
