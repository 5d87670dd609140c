import { describe, expect, it } from 'vitest';
import {
  formatDeliveryDay,
  giftSendAt,
  isAllowedSendOn,
  isCalendarDay,
  oneYearAfter,
  ukDayOf,
  ukSendTimeOn,
} from './gift-delivery';

describe('UK delivery days', () => {
  it('puts 09:00 UK time at 09:00 UTC in winter and 08:00 UTC in summer, either side of each change', () => {
    expect(ukSendTimeOn('2026-03-28').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(ukSendTimeOn('2026-03-29').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(ukSendTimeOn('2026-10-24').toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(ukSendTimeOn('2026-10-25').toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('reads the UK day of an instant (after 23:00 UTC in summer it is already tomorrow)', () => {
    expect(ukDayOf(new Date('2026-07-01T22:59:59Z'))).toBe('2026-07-01');
    expect(ukDayOf(new Date('2026-07-01T23:00:00Z'))).toBe('2026-07-02');
    expect(ukDayOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('allows today up to the same day a year ahead, nothing else', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isAllowedSendOn('2026-11-23', now)).toBe(true);
    expect(isAllowedSendOn('2027-11-23', now)).toBe(true);
    expect(isAllowedSendOn('2027-11-24', now)).toBe(false);
    expect(isAllowedSendOn('2026-11-22', now)).toBe(false);
    expect(isAllowedSendOn('2026-02-30', now)).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(oneYearAfter('2028-02-29')).toBe('2029-02-28');
  });

  it('sends today at once and a later day at 09:00 UK time', () => {
    const now = new Date('2026-11-23T07:00:00Z');
    expect(giftSendAt('2026-11-23', now)).toEqual(now);
    expect(giftSendAt(undefined, now)).toEqual(now);
    expect(giftSendAt('2026-11-24', now).toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });

  it('writes a day the way the pages show it', () => {
    expect(formatDeliveryDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDeliveryDay('2027-01-05')).toBe('5 Jan 2027');
  });
});
