import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BOOKING_TIMES,
  isClosedDay,
  slotProblem,
  startTimesOf,
} from '../appointments/rules';
import { FIRM_SETTINGS_MESSAGES as F } from './texts';
import { defaultFirmSettings, firmSettingsSchema } from './schemas';
import { dashboardLinks } from '../dashboard/rules';
import { caseNextAction } from '../dashboard/texts';

const noHoliday = () => false;

describe('firm settings', () => {
  it('accepts its own defaults (the content the site was built with)', () => {
    const defaults = defaultFirmSettings('info@mwamba-advocates.co.ke');
    expect(firmSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(defaults.appointmentTypes.consultation).toEqual({ feeKsh: 5000, durationMinutes: 30 });
  });

  it('opens the start times and days the settings say', () => {
    const times = { ...DEFAULT_BOOKING_TIMES, mon: [], tue: ['16:00', '08:00'] };
    // 2026-12-07 is a Monday, 2026-12-08 a Tuesday.
    expect(isClosedDay('2026-12-07', noHoliday, times)).toBe(true);
    expect(isClosedDay('2026-12-07', noHoliday)).toBe(false);
    expect(startTimesOf('2026-12-08', times)).toEqual(['08:00', '16:00']);
    const question = {
      date: '2026-12-08',
      durationMinutes: 30,
      now: new Date('2026-12-01T08:00:00Z'),
      isHoliday: noHoliday,
      bookingTimes: times,
    };
    expect(slotProblem({ ...question, time: '08:00' })).toBeNull();
    expect(slotProblem({ ...question, time: '09:00' })).toBe('not_a_slot');
  });

  it('refuses start times outside office hours and a week with no open day', () => {
    const defaults = defaultFirmSettings('info@mwamba-advocates.co.ke');
    const late = firmSettingsSchema.safeParse({
      ...defaults,
      bookingTimes: { ...defaults.bookingTimes, sat: ['15:00'] },
    });
    expect(late.error?.issues.map((issue) => issue.message)).toEqual([F.timeAfterHours]);
    const none = firmSettingsSchema.safeParse({
      ...defaults,
      bookingTimes: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
    });
    expect(none.error?.issues.map((issue) => issue.message)).toEqual([F.noBookingDay]);
  });
});

describe('dashboard helpers', () => {
  it('builds the filtered lists the tiles link to', () => {
    expect(dashboardLinks.cases()).toBe('/cases');
    expect(dashboardLinks.cases({ status: 'open', assignee: 'u1' })).toBe(
      '/cases?status=open&assignee=u1',
    );
    expect(dashboardLinks.courtDates('2026-12-28')).toBe(
      '/cases?courtFrom=2026-12-28&courtTo=2027-01-10',
    );
  });

  it("names a case's next action: a coming court date first", () => {
    const now = new Date('2026-11-23T08:00:00Z');
    expect(caseNextAction('in_progress', '2026-12-03T07:00:00Z', now)).toBe(
      'Court date on Thu 3 Dec 2026',
    );
    expect(caseNextAction('in_progress', '2026-11-01T07:00:00Z', now)).toBe(
      'Your advocate is working on it',
    );
    expect(caseNextAction('pending', null, now)).toBe('Awaiting review by the firm');
    expect(caseNextAction('closed', '2026-12-03T07:00:00Z', now)).toBe('None: the case is closed');
  });
});
