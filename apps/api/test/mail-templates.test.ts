import { describe, expect, it } from 'vitest';
import {
  acknowledgementEmail,
  existingAccountEmail,
  giftClaimedEmail,
  giftReceivedEmail,
  giftReminderEmail,
  loginCodeEmail,
  noAccountEmail,
  operationsCopyEmail,
  verificationEmail,
  welcomeEmail,
} from '../src/adapters/mail/templates';

const publicUrl = 'https://gifts.example.com';
const hostile = '<img src=x onerror="alert(1)"> & Co';

describe('e-mail templates', () => {
  it('puts the sign-in code in the subject and both parts, valid 10 minutes, to ignore if unrequested', () => {
    const mail = loginCodeEmail({ code: '123456' });
    expect(mail.subject).toBe('Your sign-in code is 123456');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain('If you did not try to sign in, you can ignore this e-mail');
    expect(mail.html).toContain('123456');
    expect(mail.html).toContain('UGM Gift Marketplace');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('invites an unknown address to sign up, with the address in the link, and carries no code', () => {
    const mail = noAccountEmail({ email: 'new+gifts@example.com', publicUrl });
    const link = `${publicUrl}/signup?email=new%2Bgifts%40example.com`;
    expect(mail.text).toContain(`no account exists for this address. Sign up here: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });

  it('links to the verification page, valid 24 hours, with nothing the sign-up form supplied', () => {
    const mail = verificationEmail({ token: 'tok_abc-123', publicUrl });
    expect(mail.text).toContain(`${publicUrl}/verify/tok_abc-123`);
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toContain('Hello,');
    expect(mail.html).toContain(`href="${publicUrl}/verify/tok_abc-123"`);
  });

  it('tells an address that already has an account to sign in, with the address in the link', () => {
    const mail = existingAccountEmail({ email: 'ada+gifts@example.com', publicUrl });
    const link = `${publicUrl}/login?email=ada%2Bgifts%40example.com`;
    expect(mail.subject).toBe('You already have an account at UGM Gift Marketplace');
    expect(mail.text).toContain('you already have an account with this address');
    expect(mail.text).toContain(`Sign in here: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).not.toContain('/verify/');
  });

  it('welcomes a new member without the name a sign-up form supplied', () => {
    const mail = welcomeEmail({ publicUrl });
    expect(mail.subject).toBe('Welcome to UGM Gift Marketplace');
    expect(mail.text).toContain('Welcome to UGM Gift Marketplace!');
    expect(mail.html).toContain(`href="${publicUrl}/"`);
  });

  it('acknowledges a message without repeating what the visitor wrote unless asked to', () => {
    const quiet = acknowledgementEmail({ kind: 'message' });
    expect(quiet.subject).toBe('We received your message');
    expect(quiet.text).toContain('We received your message.');

    const echoed = acknowledgementEmail({
      kind: 'partnership application',
      name: 'Amelia',
      echo: [
        ['Company name', hostile],
        ['About the business', `${'x'.repeat(2500)}`],
      ],
    });
    expect(echoed.subject).toBe('We received your partnership application');
    expect(echoed.text).toContain(`Company name: ${hostile}`);
    expect(echoed.text).toContain(`${'x'.repeat(2000)}…`);
    expect(echoed.text).not.toContain('x'.repeat(2001));
    expect(echoed.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co');
    expect(echoed.html).not.toContain('<img');
  });

  it('copies every field to operations with the sender as Reply-To, on a one-line subject', () => {
    const mail = operationsCopyEmail({
      title: 'Contact message from Eve\r\nBcc: victim@example.com',
      fields: [
        ['Name', 'Eve'],
        ['Message', 'line one\nline <two>'],
      ],
      replyTo: 'eve@example.com',
    });
    expect(mail.subject).toBe('[UGM Gift Marketplace] Contact message from Eve Bcc: victim@example.com');
    expect(mail.replyTo).toBe('eve@example.com');
    expect(mail.text).toContain('Name: Eve');
    expect(mail.text).toContain('Message:\nline one\nline <two>');
    expect(mail.html).toContain('line one<br>line &lt;two&gt;');
  });

  it("shows the gift card's art in the gift e-mails' HTML, escaped, and only words in the text part", () => {
    const artUrl = `${publicUrl}/api/v1/logos/ARGOS-GB.png?value=25&currency=GBP`;
    const gift = {
      senderName: 'Ada',
      recipientName: 'Bo',
      merchantName: 'Argos',
      value: 2500,
      currency: 'GBP',
      artUrl,
    };
    const mails = [
      giftReceivedEmail({ ...gift, message: null, claimUrl: `${publicUrl}/gift/t` }),
      giftReminderEmail({ ...gift, claimUrl: `${publicUrl}/gift/t` }),
      giftClaimedEmail({ ...gift, claimerName: 'Bo', publicUrl }),
    ];
    for (const mail of mails) {
      expect(mail.html).toContain(
        `<img src="${publicUrl}/api/v1/logos/ARGOS-GB.png?value=25&amp;currency=GBP" alt="Argos gift card, £25.00" width="214" height="135"`,
      );
      expect(mail.text).not.toContain('logos');
      expect(mail.text).not.toMatch(/\n\n\n/);
    }
    const hostileArt = giftReceivedEmail({
      ...gift,
      merchantName: hostile,
      message: null,
      claimUrl: 'x',
      artUrl: '"><x',
    });
    expect(hostileArt.html).not.toContain('"><x');
    expect(hostileArt.html).not.toContain('<img src=x');
  });
});
