import type { OperatorRole } from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app-types';
import { auditLog, partnershipApplications, supportMessages } from '../../src/db/schema';
import type { TestClock } from './app';
import { createOperator, signInOperator } from './operators';
import { nextIp } from './sign-in';

export interface InboxOperatorForTest {
  id: string;
  email: string;
  token: string;
}

let counter = 0;

/** An operator of a role, signed in with a real authenticator code. */
export async function signedInOperator(app: App, clock: TestClock, role: OperatorRole): Promise<InboxOperatorForTest> {
  counter += 1;
  const email = `${role}-inbox-${counter}@ugm.example`;
  const id = await createOperator(app, email, role);
  const { token } = await signInOperator(app, clock, email);
  return { id, email, token };
}

/** A contact message sent through the site's form, as a visitor sends it; answers its id. */
export async function sendContactMessage(
  app: App,
  message: { name: string; email: string; message: string; subject?: string },
): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/outreach/support',
    payload: message,
    remoteAddress: nextIp(),
  });
  if (sent.statusCode !== 200) throw new Error(`contact form answered ${sent.statusCode}: ${sent.body}`);
  const [row] = await app.db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .where(and(eq(supportMessages.email, message.email), eq(supportMessages.message, message.message)));
  if (!row) throw new Error('the contact message was not stored');
  return row.id;
}

/** A partnership application sent through /partners' form; answers its id. */
export async function sendApplication(app: App, companyName: string, businessEmail: string): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/outreach/partnership',
    payload: { companyName, contactName: 'Pat Owner', businessEmail, businessCategory: 'food & drink' },
    remoteAddress: nextIp(),
  });
  if (sent.statusCode !== 200) throw new Error(`partnership form answered ${sent.statusCode}: ${sent.body}`);
  const [row] = await app.db
    .select({ id: partnershipApplications.id })
    .from(partnershipApplications)
    .where(eq(partnershipApplications.companyName, companyName));
  if (!row) throw new Error('the application was not stored');
  return row.id;
}

export const auditRowsOf = (app: App, targetId: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);
