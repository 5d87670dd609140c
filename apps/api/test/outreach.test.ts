import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, newsletterSubscriptions, partnershipApplications, supportMessages } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ opsEmail: 'ops@ugm.test' });
});
afterAll(() => ctx.close());

/** Each test sends from its own address, so the per-IP rate limit never couples two tests. */
let lastOctet = 0;
function newVisitor(): string {
  lastOctet += 1;
  return `10.0.0.${lastOctet}`;
}

function post(path: string, payload: unknown, remoteAddress = newVisitor()) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/outreach/${path}`, payload: payload as object, remoteAddress });
}

const outboxFor = (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const opsCopiesFrom = (sender: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, sender));

describe('POST /outreach/newsletter', () => {
  it('subscribes an address, thanks the visitor and queues the acknowledgement and the ops copy', async () => {
    const response = await post('newsletter', { email: 'Reader@Example.com ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Thank you for subscribing!' });

    const stored = await ctx.app.db.select().from(newsletterSubscriptions);
    expect(stored.map((row) => row.email)).toContain('reader@example.com');
    const [acknowledgement] = await outboxFor('reader@example.com');
    expect(acknowledgement?.subject).toContain('subscribed');
    expect(acknowledgement?.text).toContain('Thank you for subscribing!');
    const [copy] = await opsCopiesFrom('reader@example.com');
    expect(copy?.to).toBe('ops@ugm.test');
  });

  it('answers a second sign-up of the same address the same way, stores it once and e-mails once', async () => {
    const first = await post('newsletter', { email: 'twice@example.com' });
    const second = await post('newsletter', { email: 'TWICE@example.com' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toEqual({ message: 'Thank you for subscribing!' });

    const stored = await ctx.app.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'twice@example.com'));
    expect(stored).toHaveLength(1);
    expect(await outboxFor('twice@example.com')).toHaveLength(1);
    expect(await opsCopiesFrom('twice@example.com')).toHaveLength(1);
  });

  it('stores one subscription and sends one acknowledgement when the same address signs up twice at once', async () => {
    const email = 'double-click@example.com';
    const answers = await Promise.all([post('newsletter', { email }), post('newsletter', { email })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const stored = await ctx.app.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(stored).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('refuses a missing address with the required-fields message and stores nothing', async () => {
    const response = await post('newsletter', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please fill in all required fields',
      errors: [{ path: 'email', message: 'Please fill in all required fields' }],
    });
  });

  it.each(['not-an-address', 'name@domain', 'a b@example.com', 'one@example.com,two@example.com', '@example.com'])(
    'refuses the malformed address %j with the invalid e-mail message',
    async (email) => {
      const response = await post('newsletter', { email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Please enter a valid email address',
        errors: [{ path: 'email', message: 'Please enter a valid email address' }],
      });
      const stored = await ctx.app.db.select().from(newsletterSubscriptions);
      expect(stored.map((row) => row.email)).not.toContain(email.toLowerCase());
    },
  );

  it('refuses an address longer than 254 characters', async () => {
    const response = await post('newsletter', { email: `${'a'.repeat(250)}@example.com` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'email', message: 'Email address must be 254 characters or fewer' },
    ]);
  });
});

const message = {
  name: 'Amelia Hart',
  email: 'amelia@example.com',
  subject: 'feedback',
  message: 'The exchange guide was clear, thank you. Could you add more restaurants in Leeds?',
};

describe('POST /outreach/support', () => {
  it('stores the message, answers the sender and copies the operations team with a reply-to', async () => {
    const response = await post('support', message);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^Thank you for your message/);

    const [stored] = await ctx.app.db.select().from(supportMessages).where(eq(supportMessages.email, message.email));
    expect(stored).toMatchObject({ name: 'Amelia Hart', subject: 'feedback', message: message.message });

    const [acknowledgement] = await outboxFor(message.email);
    expect(acknowledgement?.subject).toBe('We received your message');
    expect(acknowledgement?.text).toContain('feedback');
    // The visitor's own words go only to the team, never back out to the typed address.
    expect(acknowledgement?.text).not.toContain('Leeds');

    const [copy] = await opsCopiesFrom(message.email);
    expect(copy?.to).toBe('ops@ugm.test');
    expect(copy?.subject).toBe('[UGM Gift Marketplace] Contact message (Feedback) from Amelia Hart');
    expect(copy?.text).toContain(message.message);
  });

  it('defaults the subject to support when none is given', async () => {
    const email = 'no-subject@example.com';
    const response = await post('support', { name: 'Sam Ortiz', email, message: 'Where is my voucher?' });
    expect(response.statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(supportMessages).where(eq(supportMessages.email, email));
    expect(stored?.subject).toBe('support');
  });

  it('refuses a subject outside support, business, feedback and other', async () => {
    const response = await post('support', { ...message, email: 'odd-subject@example.com', subject: 'complaint' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please choose a subject: support, business, feedback or other',
      errors: [{ path: 'subject', message: 'Please choose a subject: support, business, feedback or other' }],
    });
    expect(await outboxFor('odd-subject@example.com')).toHaveLength(0);
  });

  it('names every missing or blank required field with the required-fields message', async () => {
    const response = await post('support', { name: '   ', email: '', subject: 'support' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please fill in all required fields',
      errors: [
        { path: 'name', message: 'Please fill in all required fields' },
        { path: 'email', message: 'Please fill in all required fields' },
        { path: 'message', message: 'Please fill in all required fields' },
      ],
    });
  });

  it('refuses a malformed e-mail address', async () => {
    const response = await post('support', { ...message, email: 'amelia.example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter a valid email address');
  });

  it('refuses an over-long name and message, and stores nothing', async () => {
    const email = 'long-winded@example.com';
    const response = await post('support', { name: 'N'.repeat(101), email, message: 'M'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'name', message: 'Name must be 100 characters or fewer' },
      { path: 'message', message: 'Message must be 5000 characters or fewer' },
    ]);
    expect(await ctx.app.db.select().from(supportMessages).where(eq(supportMessages.email, email))).toHaveLength(0);
    expect(await outboxFor(email)).toHaveLength(0);
  });
});

const application = {
  companyName: 'Hartley & Sons Bakery',
  contactName: 'Priya Hartley',
  businessEmail: 'priya@hartleybakery.co.uk',
  phoneNumber: '+44 161 496 0000',
  companyWebsite: 'https://hartleybakery.co.uk',
  businessCategory: 'food & drink',
  aboutBusiness: 'Three family bakeries in Manchester selling bread, cakes and afternoon teas.',
};

describe('POST /outreach/partnership', () => {
  it('stores the application, answers the applicant and copies the operations team', async () => {
    const response = await post('partnership', application);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^Thank you for your application/);

    const [stored] = await ctx.app.db
      .select()
      .from(partnershipApplications)
      .where(eq(partnershipApplications.businessEmail, application.businessEmail));
    expect(stored).toMatchObject(application);

    const [acknowledgement] = await outboxFor(application.businessEmail);
    expect(acknowledgement?.subject).toBe('We received your partnership application');
    const [copy] = await opsCopiesFrom(application.businessEmail);
    expect(copy?.to).toBe('ops@ugm.test');
    expect(copy?.subject).toBe('[UGM Gift Marketplace] Partnership application from Hartley & Sons Bakery');
    expect(copy?.text).toContain('Food & Drink');
    expect(copy?.html).toContain('Hartley &amp; Sons Bakery');
  });

  it('accepts an application with only the three enforced fields and stores the rest as empty', async () => {
    const businessEmail = 'owner@minimal.example';
    const response = await post('partnership', { companyName: 'Minimal Ltd', contactName: 'Jo Bloggs', businessEmail });
    expect(response.statusCode).toBe(200);
    const [stored] = await ctx.app.db
      .select()
      .from(partnershipApplications)
      .where(eq(partnershipApplications.businessEmail, businessEmail));
    expect(stored).toMatchObject({
      phoneNumber: null,
      companyWebsite: null,
      businessCategory: null,
      aboutBusiness: null,
    });
  });

  it('requires the company name, contact name and business e-mail', async () => {
    const response = await post('partnership', { phoneNumber: '0161 496 0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please fill in all required fields',
      errors: [
        { path: 'companyName', message: 'Please fill in all required fields' },
        { path: 'contactName', message: 'Please fill in all required fields' },
        { path: 'businessEmail', message: 'Please fill in all required fields' },
      ],
    });
  });

  it('refuses a malformed business e-mail', async () => {
    const response = await post('partnership', { ...application, businessEmail: 'priya@' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter a valid email address');
  });

  it('bounds every optional field and refuses a category outside the list', async () => {
    const response = await post('partnership', {
      ...application,
      businessEmail: 'too-much@example.com',
      phoneNumber: '0'.repeat(31),
      companyWebsite: `https://${'w'.repeat(200)}.example`,
      businessCategory: 'weapons',
      aboutBusiness: 'A'.repeat(2001),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'phoneNumber', message: 'Phone number must be 30 characters or fewer' },
      { path: 'companyWebsite', message: 'Company website must be 200 characters or fewer' },
      { path: 'businessCategory', message: 'Please choose a business category from the list' },
      { path: 'aboutBusiness', message: 'About your business must be 2000 characters or fewer' },
    ]);
    expect(await outboxFor('too-much@example.com')).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it.each(['newsletter', 'support', 'partnership'])(
    'a sixth %s request from one address within ten minutes is refused with 429',
    async (path) => {
      const visitor = newVisitor();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await post(path, {}, visitor);
        expect(response.statusCode).toBe(400);
      }
      const refused = await post(path, {}, visitor);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'Too many requests. Please try again in 10 minutes.' });
      // Another visitor, and the same visitor on another form, are unaffected.
      expect((await post(path, {})).statusCode).toBe(400);
      const otherForm = path === 'newsletter' ? 'support' : 'newsletter';
      expect((await post(otherForm, {}, visitor)).statusCode).toBe(400);
    },
  );
});
