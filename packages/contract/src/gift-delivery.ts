import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';
import { emailSchema } from './users';

/**
 * Gifting as people do it (decision 025): a gift e-mail sent on a
 * chosen day at 09:00 UK time, the date changed or the gift sent now while it waits, the
 * recipient corrected or the e-mail resent while the gift is unclaimed, and the gift's history.
 * Days are calendar days in Europe/London written YYYY-MM-DD.
 */

export const GIFT_TIME_ZONE = 'Europe/London';
/** The hour (UK time) a scheduled gift e-mail goes out on its day. */
export const GIFT_SEND_HOUR = 9;
/** Resends of the gift e-mail allowed per gift in any 24 hours. */
export const GIFT_RESENDS_PER_DAY = 3;
/** An unclaimed gift's recipient is reminded once, this many days after the gift e-mail. */
export const GIFT_REMINDER_DAYS = 30;

export const SEND_ON_RANGE_MESSAGE = 'Please choose a delivery date from today up to one year ahead.';
export const GIFT_ALREADY_SENT_MESSAGE = 'This gift has already been e-mailed.';
export const GIFT_NOT_PENDING_MESSAGE = 'This gift has already been claimed, so it can no longer be changed.';
export const GIFT_RESEND_LIMIT_MESSAGE = `This gift's e-mail has been resent ${GIFT_RESENDS_PER_DAY} times in the last 24 hours. Please try again tomorrow.`;
export const GIFT_CHANGE_LIMIT_MESSAGE = `This gift's recipient has been changed ${GIFT_RESENDS_PER_DAY} times in the last 24 hours. Please try again tomorrow.`;
export const GIFT_NOT_YET_SENT_MESSAGE = 'This gift has not been e-mailed yet; use Send now to send it.';
export const GIFT_RESCHEDULED_MESSAGE = 'Delivery date changed';
export const GIFT_SENT_NOW_MESSAGE = 'Gift e-mail sent';
export const GIFT_RECIPIENT_CHANGED_MESSAGE = 'Recipient updated';
export const GIFT_RESENT_MESSAGE = 'Gift e-mail resent';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

export const sendOnSchema = text().trim().refine(isCalendarDay, { message: 'Please choose a delivery date.' });

/**
 * The formats below are made on first use, not when the module loads: a browser's first
 * `Intl.DateTimeFormat` with a time zone costs tens of milliseconds of a phone's start-up, and
 * the checkout page loads this module before it needs any date (decision 023).
 */
let londonParts: Intl.DateTimeFormat | undefined;

function wallClock(instant: Date): { day: string; msSinceEpochAsUtc: number } {
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: GIFT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { day, msSinceEpochAsUtc: asUtc };
}

/** The UK calendar day of an instant. */
export function ukDayOf(instant: Date): string {
  return wallClock(instant).day;
}

/** `day` moved by whole days (calendar arithmetic; no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day a year later (29 February gives 28 February). */
export function oneYearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** 09:00 UK time on `day`, as an instant (GMT or BST, whichever London keeps that day). */
export function ukSendTimeOn(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, date, GIFT_SEND_HOUR);
  // London is UTC+0 or UTC+1; at 09:00 it is never mid-change (changes happen at 01:00 UTC).
  const offset = wallClock(new Date(guess)).msSinceEpochAsUtc - guess;
  return new Date(guess - offset);
}

/** Whether `day` may be chosen as a delivery day when it is `now`: from today to a year ahead. */
export function isAllowedSendOn(day: string, now: Date): boolean {
  if (!isCalendarDay(day)) return false;
  const today = ukDayOf(now);
  return day >= today && day <= oneYearAfter(today);
}

/**
 * When the gift e-mail for `day` is due: today (or no day) means at once, as before scheduled delivery (decision 025); a
 * later day means 09:00 UK time on it.
 */
export function giftSendAt(day: string | null | undefined, now: Date): Date {
  if (!day || day <= ukDayOf(now)) return now;
  return ukSendTimeOn(day);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** A delivery day as the pages write it: '2026-11-24' → '24 Nov 2026' ('Send on {date}', 'Scheduled for {date}'). */
export function formatDeliveryDay(day: string): string {
  if (!isCalendarDay(day)) return day;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export const giftEventKinds = ['scheduled', 'sent', 'rescheduled', 'recipient_changed', 'resent', 'reminded'] as const;

/** One entry of a gift's history on the sender's Sent card. */
export const giftHistoryEntrySchema = z.object({
  kind: z.enum(giftEventKinds),
  at: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  previousName: z.string().optional(),
  previousEmail: z.string().optional(),
  sendOn: z.string().optional(),
});
export type GiftHistoryEntry = z.infer<typeof giftHistoryEntrySchema>;

/** What the sender sees of a gift's delivery (the Sent list only). */
export const giftDeliverySchema = z.object({
  recipientEmail: z.string(),
  /** The UK day the gift e-mail is due while it waits; null once it has been e-mailed. */
  scheduledFor: z.string().nullable(),
  /** Resends still allowed now (24-hour window). */
  resendsLeft: z.number().int(),
  /** Oldest first. */
  history: z.array(giftHistoryEntrySchema),
});
export type GiftDelivery = z.infer<typeof giftDeliverySchema>;

const giftOrderParamsSchema = z.object({ orderId: text().trim().min(1).max(64) });
export const rescheduleGiftRequestSchema = z.object({ sendOn: sendOnSchema });
export const changeGiftRecipientRequestSchema = z.object({
  name: text().trim().min(1, 'Please enter both name and email').max(100),
  email: emailSchema,
});
export type ChangeGiftRecipientRequest = z.input<typeof changeGiftRecipientRequestSchema>;
export const giftDeliveryResponseSchema = z.object({ message: z.string(), delivery: giftDeliverySchema });

export const giftDeliveryEndpoints = {
  reschedule: defineEndpoint({
    method: 'PUT',
    path: '/orders/:orderId/gift/send-on',
    summary: "Changes a scheduled gift's delivery day (today sends it at once); only before it is e-mailed",
    params: giftOrderParamsSchema,
    body: rescheduleGiftRequestSchema,
    responses: { 200: giftDeliveryResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  sendNow: defineEndpoint({
    method: 'POST',
    path: '/orders/:orderId/gift/send-now',
    summary: 'E-mails a scheduled gift now instead of on its day',
    params: giftOrderParamsSchema,
    responses: { 200: giftDeliveryResponseSchema, ...errorResponses(400, 401, 404, 409) },
  }),
  changeRecipient: defineEndpoint({
    method: 'PUT',
    path: '/orders/:orderId/gift/recipient',
    summary:
      "Corrects an unclaimed gift's recipient: the old claim link stops at once and, if the gift was already e-mailed, a new one goes to the new address",
    params: giftOrderParamsSchema,
    body: changeGiftRecipientRequestSchema,
    responses: { 200: giftDeliveryResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/orders/:orderId/gift/resend',
    summary: 'E-mails an unclaimed gift again to the same address with the same link (3 times in 24 hours)',
    params: giftOrderParamsSchema,
    responses: { 200: giftDeliveryResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
  }),
};
