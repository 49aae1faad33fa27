import { describe, expect, it } from 'vitest';
import { APPOINTMENT_TYPE_DEFAULTS } from '../appointments/rules';
import { paybillAccountOf } from '../paybill/account-numbers';
import { payByPaybill } from '../paybill/texts';
import { SMS, toGsm7 } from './sms';

/** GSM 03.38's basic character set: one character outside it makes a text UCS-2 (70 a part). */
const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

describe('SMS texts', () => {
  // The longest of each part a text may hold: the longest type label, a long date, a case number
  // at its limit, a long portal address.
  const what = Object.values(APPOINTMENT_TYPE_DEFAULTS)
    .map((type) => type.label.toLowerCase())
    .sort((a, b) => b.length - a.length)[0]!;
  const when = 'Wed 30 Sep 2026, 23:30';
  const caseNumber = 'MAA/2026/CIVIL/000123-B';
  const all = [
    SMS.appointmentRequested(what, when),
    SMS.appointmentBookedByFirm(what, when),
    SMS.appointmentConfirmed(what, when),
    SMS.appointmentMoved(what, when),
    SMS.appointmentCancelled(what, when),
    SMS.appointmentTomorrow(what, '23:30'),
    SMS.appointmentSoon(what, '23:30'),
    SMS.courtDateSet(caseNumber, when),
    SMS.courtDateMoved(caseNumber, when),
    SMS.courtDateTomorrow(caseNumber, '09:30'),
    SMS.paymentReceived('KSh 15,000', what, when, 'QGH7XK2L9P'),
    // A part payment: the largest amounts a fee note may carry, what is still owed said.
    SMS.paymentReceived('KSh 999,999,999', what, when, 'QGH7XK2L9P', 'KSh 999,999,998'),
    SMS.newMessage('https://portal.mwamba-advocates.co.ke/messages'),
    SMS.feeNoteCancelled('FN/2026/10234', 'CN/2026/10012'),
    SMS.feeNoteIssued('FN/2026/10234', 'KSh 999,999,999', 'Wed 30 Sep 2026'),
    // The firm's paybill said: the longest business number and fee note account.
    SMS.feeNoteIssued(
      'FN/2026/10234',
      'KSh 999,999,999',
      'Wed 30 Sep 2026',
      payByPaybill('1234567', paybillAccountOf('FN/2026/10234')),
    ),
  ];

  it.each(all.map((text) => [text]))('fits one GSM-7 SMS: %s', (text) => {
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(GSM7);
    expect(text).toContain('Mwamba & Associates');
  });

  it('shortens a long case number instead of running into a second SMS', () => {
    const text = SMS.courtDateSet('X'.repeat(120), when);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toContain('...');
  });

  it('brings typed quotes and dashes to their GSM-7 forms', () => {
    expect(toGsm7('Njoroge’s “hearing” – 9\u00a0am…')).toBe('Njoroge\'s "hearing" - 9 am...');
  });
});
