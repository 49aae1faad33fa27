import {
  APPOINTMENT_TYPE_DEFAULTS,
  CLIENT_BOOKABLE_TYPES,
  DEFAULT_BOOKING_TIMES,
  locationsOf,
} from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { consultation, hoursSummary } from './firm';

/** ADR 015: the offer the site states is the one the booking form takes. */
describe('the consultation offer', () => {
  it('the free call and the consultation have the terms the site states, and both are bookable', () => {
    expect(APPOINTMENT_TYPE_DEFAULTS.preliminary_call).toMatchObject({
      durationMinutes: consultation.preliminaryMinutes,
      feeKsh: 0,
    });
    expect(APPOINTMENT_TYPE_DEFAULTS.consultation).toMatchObject({
      durationMinutes: consultation.initialMinutes,
      feeKsh: consultation.initialFeeKes,
    });
    expect(CLIENT_BOOKABLE_TYPES).toEqual(
      expect.arrayContaining(['preliminary_call', 'consultation']),
    );
    expect(locationsOf('preliminary_call')).toEqual(['phone']);
    expect(consultation.summary).toContain(`${consultation.preliminaryMinutes}-minute`);
  });
});

/** The opening hours say when the office opens and when the last consultation starts. */
describe('the office hours', () => {
  it('say Saturday’s opening hours and its last consultation start, as the booking form offers', () => {
    expect(DEFAULT_BOOKING_TIMES.sat.at(-1)).toBe('11:00');
    expect(hoursSummary).toBe(
      'Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-2:00 PM (last consultation starts 11:00 AM), Sun Closed',
    );
  });
});
