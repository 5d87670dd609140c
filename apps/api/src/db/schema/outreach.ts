import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from './operators';

/** Newsletter sign-ups: an address is stored once, however often it subscribes. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A contact-form message, and its place in the operators' inbox (docs/product/operators.md#messages):
 * open or closed, and the operator it is assigned to.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assignedTo: uuid('assigned_to').references(() => operators.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_messages_status', sql`${table.status} in ('open', 'closed')`),
    index('support_messages_status_created').on(table.status, table.createdAt),
  ],
);

/** An operator's reply to a contact message, e-mailed to its sender: the message's thread. */
export const supportMessageReplies = pgTable(
  'support_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    /**
     * The id the console's reply form made for this reply (decision 053): the same request sent
     * again finds this row and sends nothing. Null for replies sent before migration 0015.
     */
    requestId: uuid('request_id').unique('support_message_replies_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_message_replies_message').on(table.messageId, table.createdAt)],
);

/**
 * An application from /partners, and its place in the partnerships queue
 * (docs/product/operators.md#partners): new, in review, accepted or rejected.
 */
export const partnershipApplications = pgTable(
  'partnership_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    businessEmail: text('business_email').notNull(),
    phoneNumber: text('phone_number'),
    companyWebsite: text('company_website'),
    businessCategory: text('business_category'),
    aboutBusiness: text('about_business'),
    status: text('status', { enum: ['new', 'in-review', 'accepted', 'rejected'] })
      .notNull()
      .default('new'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('partnership_applications_status', sql`${table.status} in ('new', 'in-review', 'accepted', 'rejected')`),
    index('partnership_applications_status_created').on(table.status, table.createdAt),
  ],
);

/** An operator's note on a partnership application, kept with it. */
export const partnershipApplicationNotes = pgTable(
  'partnership_application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => partnershipApplications.id),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('partnership_application_notes_application').on(table.applicationId, table.createdAt)],
);
