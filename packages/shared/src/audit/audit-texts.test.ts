import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit-actions';
import { auditActionLabel, describeAuditEntry, type AuditEntryForText } from './audit-texts';
import { deliveryKindLabel } from '../deliveries/texts';

/** The audit log's sentences (ADR 016): one per action, with a fallback. */

const achieng = { id: 'u-1', name: 'Achieng Mwamba', email: 'achieng@firm.test' };
const amani = { id: 'u-2', name: 'Amani Otieno', email: 'amani@client.test' };
const onCase = { caseId: 'c-1', caseNumber: 'MWA/2026/0001' };
const entry = (action: string, details: Record<string, unknown> = {}, target = amani) =>
  ({ action, actor: achieng, target, details }) satisfies AuditEntryForText;

describe('describeAuditEntry', () => {
  it('reads an invitation sent again and one accepted as sentences, not as their codes', () => {
    expect(
      describeAuditEntry(entry('user.invitation_resent', { email: 'amani@client.test' })).text,
    ).toBe('Achieng Mwamba sent Amani Otieno a new invitation link');
    const accepted = {
      action: 'user.invitation_accepted',
      actor: amani,
      target: amani,
      details: {},
    };
    expect(describeAuditEntry(accepted).text).toBe(
      'Amani Otieno accepted the firm’s invitation and chose a password',
    );
  });

  it('reads billing actions with their numbers and links to the fee note', () => {
    const note = { feeNoteId: 'f-1', number: 'FN/2026/0042', totalKsh: 63_250 };
    expect(describeAuditEntry(entry('fee_note.issued', note))).toEqual({
      text: 'Achieng Mwamba issued fee note FN/2026/0042 to Amani Otieno',
      link: { href: '/billing/f-1', label: 'Open fee note FN/2026/0042' },
    });
    expect(
      describeAuditEntry(entry('fee_note.cancelled', { ...note, creditNoteNumber: 'CN/2026/0003' }))
        .text,
    ).toBe(
      'Achieng Mwamba cancelled fee note FN/2026/0042 of Amani Otieno by credit note CN/2026/0003',
    );
    // A draft has no number yet, and a deleted one nothing to open.
    expect(
      describeAuditEntry(entry('fee_note.drafted', { feeNoteId: 'f-2', number: null })).text,
    ).toBe('Achieng Mwamba drafted a fee note for Amani Otieno');
    expect(describeAuditEntry(entry('fee_note.deleted', { feeNoteId: 'f-2' })).link).toBeNull();
    expect(
      describeAuditEntry(
        entry('payment.recorded', { paymentId: 'p-1', receiptNumber: 'RC/2026/0007' }),
      ).text,
    ).toBe('Achieng Mwamba recorded a payment from Amani Otieno (receipt RC/2026/0007)');
  });

  it('reads the common case actions as sentences, linking to the case file', () => {
    expect(describeAuditEntry(entry('case.viewed', onCase))).toEqual({
      text: 'Achieng Mwamba viewed case file MWA/2026/0001',
      link: { href: '/cases/c-1', label: 'Open case file MWA/2026/0001' },
    });
    expect(describeAuditEntry(entry('case.created', { ...onCase, title: 'Land' })).text).toBe(
      'Achieng Mwamba opened case file MWA/2026/0001 for Amani Otieno',
    );
    expect(
      describeAuditEntry(
        entry('case.updated', {
          ...onCase,
          changed: { status: { from: 'pending', to: 'in_progress' }, courtDate: {} },
        }),
      ).text,
    ).toBe('Achieng Mwamba changed the status and court date of case file MWA/2026/0001');
    expect(
      describeAuditEntry(
        entry('case.document_uploaded', { ...onCase, name: 'Plaint.pdf', visibleToClient: false }),
      ).text,
    ).toBe('Achieng Mwamba uploaded “Plaint.pdf” (internal) to case file MWA/2026/0001');
    expect(
      describeAuditEntry(
        entry('case.document_visibility_changed', {
          ...onCase,
          name: 'Plaint.pdf',
          visibleToClient: true,
        }),
      ).text,
    ).toBe('Achieng Mwamba shared “Plaint.pdf” on case file MWA/2026/0001 with the client');
    // A deleted case has nothing left to open.
    expect(describeAuditEntry(entry('case.deleted', onCase)).link).toBeNull();
  });

  it('names whom an account action was done to, links clients and conversations, and says “their” for oneself', () => {
    expect(describeAuditEntry(entry('user.deactivated')).text).toBe(
      'Achieng Mwamba deactivated Amani Otieno’s account',
    );
    expect(describeAuditEntry(entry('client.viewed'))).toEqual({
      text: 'Achieng Mwamba viewed Amani Otieno’s client record',
      link: { href: '/clients/u-2', label: 'Open Amani Otieno’s record' },
    });
    expect(
      describeAuditEntry(entry('conversation.viewed', { conversationId: 'k 1' })).link,
    ).toEqual({ href: '/messages?c=k%201', label: 'Open the conversation' });
    expect(describeAuditEntry(entry('user.password_changed', {}, achieng)).text).toBe(
      'Achieng Mwamba changed their password',
    );
    expect(
      describeAuditEntry({ action: 'appointment.created', actor: null, target: null, details: {} })
        .text,
    ).toBe('The system or a visitor booked an appointment');
  });

  it('falls back to the action in words for an action it does not know', () => {
    expect(describeAuditEntry(entry('payments.recorded_twice')).text).toBe(
      'Achieng Mwamba: payments recorded twice (about Amani Otieno)',
    );
    expect(auditActionLabel('payments.recorded_twice')).toBe('Payments recorded twice');
    expect(auditActionLabel('case.viewed')).toBe('Viewed a case file');
  });
});

describe('deliveries in words', () => {
  it('names each kind of message, and a kind added later as words', () => {
    expect(deliveryKindLabel('password_reset')).toBe('Password reset link');
    expect(deliveryKindLabel('fee_note_due')).toBe('Fee note due');
    expect(deliveryKindLabel('constructor')).toBe('Constructor');
  });

  it('reads a retry in the audit log with what was sent and the masked recipient', () => {
    const retried = {
      action: 'delivery.retried',
      actor: achieng,
      target: null,
      details: {
        deliveryId: 'd-1',
        channel: 'sms',
        kind: 'appointment_reminder',
        recipient: '+254 7•• ••• 369',
      },
    } satisfies AuditEntryForText;
    expect(describeAuditEntry(retried)).toEqual({
      text: 'Achieng Mwamba sent the failed SMS “Appointment reminder” to +254 7•• ••• 369 again',
      link: null,
    });
    expect(auditActionLabel('delivery.retried')).toBe('Sent a failed message again');
  });
});

describe('paybill payments in the audit log', () => {
  it('says what M-Pesa confirmed and where staff put it', () => {
    const paid = {
      transId: 'UAB1CD2EF3',
      amountKsh: 6_000,
      to: 'fee_note',
      number: 'FN/2026/0017',
    };
    expect(
      describeAuditEntry({
        ...entry('paybill_payment.settled', { ...paid, feeNoteNumber: 'FN/2026/0017' }),
        actor: null,
      }).text,
    ).toBe(
      `M-Pesa confirmed KSh 6,000 of paybill payment UAB1CD2EF3 from ${amani.name}, paid on fee note FN/2026/0017`,
    );
    expect(
      describeAuditEntry(
        entry('paybill_payment.allocated', {
          transId: 'UAB1CD2EF3',
          amountKsh: 400,
          to: 'refunded_outside',
          reason: 'Sent back by M-Pesa',
        }),
      ).text,
    ).toBe(
      'Achieng Mwamba allocated KSh 400 of paybill payment UAB1CD2EF3 as refunded outside the system: “Sent back by M-Pesa”',
    );
    expect(
      describeAuditEntry(entry('paybill.addresses_registered', { responseType: 'Completed' })).text,
    ).toBe(
      'Achieng Mwamba registered the paybill’s addresses with Safaricom, taking a payment when the system does not answer in time',
    );
    expect(
      describeAuditEntry({
        ...entry('paybill_payment.settled', {
          transId: 'UAB1CD2EF3',
          amountKsh: 20_000,
          to: 'client_money',
          receiptNumber: 'CR/2026/0007',
        }),
        actor: null,
      }).text,
    ).toBe(
      `M-Pesa confirmed KSh 20,000 of paybill payment UAB1CD2EF3, held on ${amani.name}’s client ledger (receipt CR/2026/0007)`,
    );
  });

  it('says what a reversal undid (ADR 054)', () => {
    const reversed = { transId: 'UAB1CD2EF3', amountKsh: 9_000 };
    expect(
      describeAuditEntry({
        ...entry('paybill_payment.reversed', {
          ...reversed,
          to: 'fee_note',
          number: 'FN/2026/0017',
        }),
        actor: null,
      }).text,
    ).toBe(
      `M-Pesa reversed KSh 9,000 of paybill payment UAB1CD2EF3 from ${amani.name}, taken off fee note FN/2026/0017`,
    );
    expect(
      describeAuditEntry({
        ...entry('paybill_payment.reversed', { ...reversed, to: 'client_money' }),
        actor: null,
      }).text,
    ).toBe(
      `M-Pesa reversed KSh 9,000 of paybill payment UAB1CD2EF3 from ${amani.name}, its client money receipt left for staff to reverse`,
    );
  });
});

describe('every audit sentence names its object', () => {
  const booking = {
    appointmentId: 'a-1',
    type: 'consultation',
    startsAt: '2026-12-01T07:00:00.000Z',
    clientName: 'Baraka Njoroge',
  };

  it('names the meeting of every appointment action: its type, who it was with and when', () => {
    const visitor = { id: 'u-9', name: 'a deleted account', email: '' };
    for (const action of [
      'appointment.created',
      'appointment.confirmed',
      'appointment.completed',
      'appointment.paid',
      'appointment.updated',
      'appointment.cancelled',
    ]) {
      const text = describeAuditEntry(entry(action, booking, visitor)).text;
      expect(text, action).toContain(
        'the consultation with Baraka Njoroge on Tue 1 Dec 2026, 10:00',
      );
    }
    expect(
      describeAuditEntry(
        entry('appointment.rescheduled', {
          ...booking,
          from: booking.startsAt,
          to: '2026-12-03T11:00:00.000Z',
        }),
      ).text,
    ).toBe(
      'Achieng Mwamba rescheduled the consultation with Baraka Njoroge on Tue 1 Dec 2026, 10:00 to Thu 3 Dec 2026, 14:00',
    );
  });

  it('names the enquiry, the conversation and the M-Pesa payment', () => {
    expect(
      describeAuditEntry(
        entry('enquiry.updated', {
          kind: 'booking',
          name: 'Baraka Njoroge',
          subject: 'Consultation about a lease',
          from: 'new',
          to: 'in_progress',
        }),
      ).text,
    ).toBe(
      'Achieng Mwamba moved the booking request from Baraka Njoroge (“Consultation about a lease”) to in progress',
    );
    const chat = { conversationId: 'v-1', subject: 'Lease renewal for Plot 209/4471' };
    expect(describeAuditEntry(entry('message.sent', chat)).text).toBe(
      'Achieng Mwamba sent a message in the conversation “Lease renewal for Plot 209/4471” with Amani Otieno',
    );
    expect(
      describeAuditEntry({
        action: 'payment.received',
        actor: null,
        target: amani,
        details: {
          amountKsh: 42_100,
          label: 'fee note FN/2026/0002',
          receiptNumber: 'RC/2026/0003',
          mpesaReceiptNumber: 'QK7H2LM9XP',
          feeNoteId: 'f-2',
        },
      }).text,
    ).toBe(
      'M-Pesa confirmed a payment from Amani Otieno of KSh 42,100 for fee note FN/2026/0002 (receipt RC/2026/0003, M-Pesa QK7H2LM9XP)',
    );
  });

  it('leaves no action that acts on a record without naming which one', () => {
    // Everything an audit row may carry to name its object, each with a value found nowhere else.
    const details = {
      ...booking,
      ...onCase,
      subject: 'Lease renewal for Plot 209/4471',
      name: 'statement-of-claim.pdf',
      number: 'FN/2026/0002',
      creditNoteNumber: 'CN/2026/0001',
      receiptNumber: 'RC/2026/0003',
      amountKsh: 42_100,
      reference: 'QK7H2LM9XP',
      month: '2026-11',
      label: 'fee note FN/2026/0002',
      kind: 'message',
      title: 'Money',
      from: '2026-10-01',
      to: '2026-10-31',
      channel: 'email',
      recipient: 'a***@client.test',
      transId: 'UAB1CD2EF3',
    };
    // About the firm itself, not one record: their object is in their words.
    const aboutTheFirm = new Set([
      'firm_settings.updated',
      'paybill.addresses_registered',
      'limitation_periods.updated',
      'etims.initialised',
      'audit_log.exported',
      'client_money.pack_downloaded',
      'super_key.rotated',
      'retention.purged',
      'backup.succeeded',
      'backup.failed',
      'backup.schedule_changed',
    ]);
    const marks = [
      amani.name,
      'their',
      'Baraka Njoroge',
      'MWA/2026/0001',
      'FN/2026/0002',
      'RC/2026/0003',
      'Plot 209/4471',
      'statement-of-claim.pdf',
      'Money',
      'a***@client.test',
      'QK7H2LM9XP',
      'November 2026',
      'UAB1CD2EF3',
    ];
    for (const action of AUDIT_ACTIONS.filter((a) => !aboutTheFirm.has(a))) {
      const text = describeAuditEntry(entry(action, details)).text;
      expect(
        marks.some((mark) => text.includes(mark)),
        `${action}: “${text}” names no record`,
      ).toBe(true);
    }
  });
});
