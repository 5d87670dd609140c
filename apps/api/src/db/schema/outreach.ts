import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Newsletter sign-ups: an address is stored once, however often it subscribes. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partnershipApplications = pgTable('partnership_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name').notNull(),
  businessEmail: text('business_email').notNull(),
  phoneNumber: text('phone_number'),
  companyWebsite: text('company_website'),
  businessCategory: text('business_category'),
  aboutBusiness: text('about_business'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
