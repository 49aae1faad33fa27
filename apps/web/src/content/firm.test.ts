import { APPOINTMENT_TYPE_DEFAULTS, CLIENT_BOOKABLE_TYPES, locationsOf } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { consultation } from './firm';

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
