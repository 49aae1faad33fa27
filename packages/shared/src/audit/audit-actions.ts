/**
 * Every action the audit log records, in a few stable words (`case.viewed`), and so every row a
 * server module may write. The audit log's sentences (`audit-texts.ts`) and what a client may read
 * of a row (`CLIENT_AUDIT_RULES` in `client-view.ts`) are keyed by this list: an action added here
 * without its sentence and its client rule does not compile, and neither does a row written with
 * an action that is not here (`writeAudit` on the server). Rows already stored keep their string:
 * an action that is ever retired stays listed so old rows still read as sentences.
 */
export const AUDIT_ACTIONS = [
  'case.created',
  'case.viewed',
  'case.updated',
  'case.deleted',
  'case.note_added',
  'case.note_visibility_changed',
  'case.document_uploaded',
  'case.document_downloaded',
  'case.document_deleted',
  'case.document_visibility_changed',
  'client.viewed',
  'client.updated',
  'enquiry.converted',
  'enquiry.updated',
  'user.registered',
  'user.created',
  'user.invitation_resent',
  'user.invitation_accepted',
  'user.verified',
  'user.activated',
  'user.deactivated',
  'user.deleted',
  'user.password_reset',
  'user.password_changed',
  'user.locked_out',
  'admin.permissions_updated',
  'session.revoked',
  'session.revoked_others',
  'profile.updated',
  'profile.professional_updated',
  'profile.email_change_requested',
  'profile.email_changed',
  'profile.data_exported',
  'data_request.created',
  'data_request.updated',
  'conversation.created',
  'conversation.viewed',
  'conversation.read',
  'conversation.listed',
  'conversation.members_changed',
  'message.sent',
  'message.withdrawn',
  'message.attachment_downloaded',
  'message.attachment_filed',
  'appointment.created',
  'appointment.rescheduled',
  'appointment.confirmed',
  'appointment.completed',
  'appointment.paid',
  'appointment.updated',
  'appointment.cancelled',
  'fee_note.drafted',
  'fee_note.updated',
  'fee_note.deleted',
  'fee_note.issued',
  'fee_note.cancelled',
  'payment.recorded',
  // Time and expenses (ADR 050)
  'time_entry.created',
  'time_entry.updated',
  'time_entry.deleted',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'payment.received',
  // Paybill payments (ADR 047)
  'paybill_payment.settled',
  'paybill_payment.allocated',
  'paybill.addresses_registered',
  // M-Pesa reversed a paybill payment the daily sweep found reversed (ADR 054)
  'paybill_payment.reversed',
  // Client money (ADR 045)
  'money_account.created',
  'client_money.recorded',
  'client_money.reversed',
  'client_money.statement_imported',
  'client_money.line_matched',
  'client_money.line_unmatched',
  'client_money.month_locked',
  'client_money.pack_downloaded',
  'firm_settings.updated',
  'limitation_periods.updated',
  // Tasks and deadlines (ADR 051)
  'task.created',
  'task.updated',
  'task.deleted',
  'task.deadline_added',
  'firm_holiday.added',
  'firm_holiday.removed',
  // KRA eTIMS (ADR 049)
  'etims.initialised',
  'etims.transmitted',
  'etims.answered',
  'etims.retried',
  'audit_log.exported',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'two_factor.recovery_code_used',
  'two_factor.reset',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'account.secured',
  'account.access_taken_back',
  'report.exported',
  'super_key.rotated',
  'delivery.retried',
  'retention.purged',
  // Backups (ADR 039)
  'backup.succeeded',
  'backup.failed',
  'backup.schedule_changed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const KNOWN: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** Whether a stored row's action is one this release knows (a newer release may have written it). */
export const isAuditAction = (value: string): value is AuditAction => KNOWN.has(value);

/** An action code in words (`user.locked_out` → "User locked out"), for a row this release does not
 *  know and for codes of other lists (delivery kinds) that have no label yet. */
export function auditActionWords(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
