import type { AppointmentWithContact } from '@firm/shared';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar } from './appointment-calendar';

/** ADR 016: any attendee name gives valid iCalendar. */

const appointment = (client: string): AppointmentWithContact & { sequence: number } => ({
  id: '3b9f6c1e-2f4a-4d7b-9a51-0c2e8d6f4a10',
  reference: 'APT-3B9F6C1E',
  title: 'Land sale agreement',
  description: 'Review of a sale agreement.',
  type: 'consultation',
  status: 'scheduled',
  date: '2026-12-01',
  time: '10:00',
  startsAt: '2026-12-01T07:00:00.000Z',
  endsAt: '2026-12-01T07:30:00.000Z',
  duration: 30,
  fee: 5000,
  paymentStatus: 'pending',
  paymentMethod: null,
  paymentReference: null,
  location: 'office',
  officeId: null,
  meetingLink: null,
  client,
  clientId: null,
  clientEmail: 'amina@example.test',
  clientPhone: null,
  advocateId: '0f6f1f0e-5b2a-4c1d-8e3f-2a9b7c6d5e41',
  advocateName: 'Wanjiru Kamau',
  cancellationReason: null,
  cancelledAt: null,
  cancelledBy: null,
  visitorHold: null,
  holdExpiresAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  sequence: 0,
});

const options = {
  firmName: 'Mwamba & Associates "Advocates"',
  firmEmail: 'firm@example.test',
  uidDomain: 'portal.test',
};

/** The calendar's lines with RFC 5545 folding undone. */
const unfolded = (content: string) => content.replace(/\r\n[ \t]/g, '').split('\r\n');

function attendeeOf(content: string) {
  const event = Object.values(ical.sync.parseICS(content)).find(
    (item) => item?.type === 'VEVENT',
  ) as VEvent;
  const attendee = event.attendee as unknown as { params: { CN: string }; val: string };
  return attendee;
}

describe('appointmentCalendar: the attendee and organizer names', () => {
  it('a double quote in a name becomes an apostrophe: RFC 5545 has no escape inside CN="…"', () => {
    const content = appointmentCalendar(appointment('Amina "Mama" Odhiambo'), options);
    const line = unfolded(content).find((l) => l.startsWith('ATTENDEE'));
    expect(line).toBe(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN="Amina 'Mama' Odhiambo":MAILTO:amina@example.test`,
    );
    expect(unfolded(content).find((l) => l.startsWith('ORGANIZER'))).toBe(
      `ORGANIZER;CN="Mwamba & Associates 'Advocates'":mailto:firm@example.test`,
    );
    const attendee = attendeeOf(content);
    expect(attendee.params.CN).toBe("Amina 'Mama' Odhiambo");
    expect(attendee.val).toBe('MAILTO:amina@example.test');
  });

  it('any name parses back to itself, but for quotes, backslashes and semicolons', () => {
    for (const name of [
      'O\'Brien; Achieng, "Jr": Esq.',
      'Back\\slash "\\"',
      'Wanjiru\tKamau',
      'عقد Achieng 🙏',
    ]) {
      const attendee = attendeeOf(appointmentCalendar(appointment(name), options));
      expect(attendee.val, name).toBe('MAILTO:amina@example.test');
      expect(attendee.params.CN, name).not.toMatch(/["\\\t;]/);
      const expected = name
        .replace(/"/g, "'")
        .replace(/\\/g, '/')
        .replace(/;/g, ',')
        .replace(/\t/g, ' ');
      expect(attendee.params.CN, name).toBe(expected);
    }
  });
});

/** ADR 015: LOCATION says where, not "At our office". */
describe('appointmentCalendar: the LOCATION', () => {
  const location = (content: string) =>
    unfolded(content)
      .find((line) => line.startsWith('LOCATION'))
      ?.replace(/\\,/g, ',');

  it('an office meeting names the office and its address (the main office when none was chosen)', () => {
    expect(location(appointmentCalendar(appointment('Amina'), options))).toBe(
      'LOCATION:Nairobi Main Office (Upper Hill), 4th Floor, Mara Court, Mara Road, Upper Hill, Nairobi',
    );
    expect(
      location(appointmentCalendar({ ...appointment('Amina'), officeId: 'thika' }, options)),
    ).toBe('LOCATION:Thika Office, 2nd Floor, Kenyatta Highway Plaza, Kenyatta Highway, Thika');
  });

  it('a phone call gives the number we will call; a video call its link', () => {
    expect(
      location(
        appointmentCalendar(
          { ...appointment('Amina'), location: 'phone', clientPhone: '+254712345678' },
          options,
        ),
      ),
    ).toBe('LOCATION:We will call you on +254 712 345 678');
    expect(
      location(
        appointmentCalendar(
          { ...appointment('Amina'), location: 'video', meetingLink: 'https://meet.test/abc' },
          options,
        ),
      ),
    ).toBe('LOCATION:https://meet.test/abc');
  });
});
