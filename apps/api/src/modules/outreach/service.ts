import type { PartnershipSubmission, SupportSubmission } from '@gvm/contract';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { newsletterSubscriptions, partnershipApplications, supportMessages } from '../../db/schema/outreach';
import {
  newsletterAcknowledgement,
  newsletterOpsCopy,
  partnershipAcknowledgement,
  partnershipOpsCopy,
  supportAcknowledgement,
  supportOpsCopy,
} from './mail';

type OutreachConfig = Pick<Config, 'opsEmail' | 'publicUrl'>;

/**
 * Stores a sign-up once per address (case-insensitively) and answers the same either way, so the
 * form never reveals who is already subscribed. Only the first sign-up sends e-mail.
 * Returns whether this call created the subscription.
 */
export async function subscribeToNewsletter(
  db: Database,
  config: OutreachConfig,
  request: { email: string },
): Promise<boolean> {
  const email = request.email.toLowerCase();
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(newsletterSubscriptions)
      .values({ email })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    if (created.length === 0) return false;
    await enqueueMail(tx, { to: email, ...newsletterAcknowledgement(config) });
    await enqueueMail(tx, { to: config.opsEmail, ...newsletterOpsCopy(email) });
    return true;
  });
}

/** Stores a contact message; the sender is answered and the team copied, or neither happens. */
export async function submitSupportMessage(
  db: Database,
  config: OutreachConfig,
  message: SupportSubmission,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(supportMessages).values(message);
    await enqueueMail(tx, { to: message.email, ...supportAcknowledgement(config, message) });
    await enqueueMail(tx, { to: config.opsEmail, ...supportOpsCopy(message) });
  });
}

/** Stores a partnership application; optional fields left blank are stored as null. */
export async function submitPartnershipApplication(
  db: Database,
  config: OutreachConfig,
  application: PartnershipSubmission,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(partnershipApplications).values({
      companyName: application.companyName,
      contactName: application.contactName,
      businessEmail: application.businessEmail,
      phoneNumber: application.phoneNumber || null,
      companyWebsite: application.companyWebsite || null,
      businessCategory: application.businessCategory || null,
      aboutBusiness: application.aboutBusiness || null,
    });
    await enqueueMail(tx, { to: application.businessEmail, ...partnershipAcknowledgement(config) });
    await enqueueMail(tx, { to: config.opsEmail, ...partnershipOpsCopy(application) });
  });
}
