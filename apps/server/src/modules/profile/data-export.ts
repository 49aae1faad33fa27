import {
  clientAuditDetails,
  ownAccountAuditDetails,
  seesAsClient,
  type ClientVisibleRecords,
  isAdminAccount,
  isAdvocateAccount,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { ownAppointmentsForExport } from '../appointments/appointment-reads.service';
import { ownBillingForExport } from '../billing/fee-notes.service';
import { ownClientMoneyForExport } from '../client-money/ledgers.service';
import { ownCasesForExport } from '../cases/cases.service';
import { smsChoicesForExport } from '../notifications/client-sms';
import {
  emailPreferences,
  ownNotificationsForExport,
} from '../notifications/notifications.service';
import { ownConversationsForExport } from '../messages/message-read-models';
import { listDevices } from '../sign-in-devices/sign-in-devices.repository';
import { describeUserAgent } from './user-agent';
import {
  allSessionsOf,
  auditRowsAbout,
  contactMessagesFrom,
  listOwnDataRequests,
} from './profile.repository';

/**
 * "Download my data" (Data Protection Act 2019, s.26: the right of access). The file is built from
 * sections, one function per kind of record, each reading only rows that belong to the person.
 * A feature with records about people (cases, appointments, messages) adds its section here; a
 * section never returns a password hash, a token or its hash, or another person's details.
 */
export interface ExportSection {
  /** The key of the section in the JSON file. */
  key: string;
  read(db: Executor, user: UserRow): Promise<unknown>;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The records a client sees through the portal, read by the same functions as the export's
 * sections (and so the screens' serializers): the audit rows are kept only about these.
 */
async function clientVisibleRecords(db: Executor, user: UserRow): Promise<ClientVisibleRecords> {
  const cases = await ownCasesForExport(db, user);
  const conversations = await ownConversationsForExport(db, user);
  const appointments = await ownAppointmentsForExport(db, user);
  return {
    caseIds: new Set(cases.map((file) => file.id)),
    documentIds: new Set(cases.flatMap((file) => file.documents.map((document) => document.id))),
    noteIds: new Set(cases.flatMap((file) => file.notes.map((note) => note.id))),
    conversationIds: new Set(conversations.map((conversation) => conversation.id)),
    appointmentIds: new Set(appointments.map((appointment) => appointment.id)),
  };
}

type AuditRow = Awaited<ReturnType<typeof auditRowsAbout>>[number];

/**
 * The audit rows by or about the person (ADR 021). A client's: only rows about their account or a
 * record they may see, with the details the client-view rule lists for that action (never a
 * conflict clearance, an internal note or document, or a staff read of one). Staff's: the rows
 * about their own account with the same details; what they did to clients' or the firm's records
 * keeps its action and time, since those records are not theirs.
 */
async function auditEntries(db: Executor, user: UserRow) {
  const rows = await auditRowsAbout(db, user.id);
  const entry = (row: AuditRow, details: Record<string, unknown> | null) => ({
    action: row.action,
    at: iso(row.createdAt),
    byYou: row.byYou === true,
    aboutYou: row.aboutYou === true,
    ip: row.byYou === true ? row.ip : null,
    details,
  });
  if (seesAsClient(user)) {
    const visible = await clientVisibleRecords(db, user);
    return rows.flatMap((row) => {
      const details = clientAuditDetails(row.action, row.details, visible);
      return details ? [entry(row, details)] : [];
    });
  }
  return rows.map((row) =>
    entry(row, row.aboutYou === true ? ownAccountAuditDetails(row.action, row.details) : null),
  );
}

export const exportSections: ExportSection[] = [
  {
    key: 'account',
    // Listed field by field: a column added to users later does not leave unless added here.
    read: async (_db, user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role,
      isActive: user.isActive,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      lastLogin: iso(user.lastLogin),
      ...(isAdminAccount(user) ? { permissions: user.permissions } : {}),
      ...(isAdvocateAccount(user)
        ? {
            verificationStatus: user.verificationStatus,
            licenseNumber: user.licenseNumber,
            specializations: user.specializations ?? [],
            experience: user.experience,
            education: user.education,
            barAdmission: user.barAdmission,
          }
        : {}),
    }),
  },
  {
    key: 'sessions',
    read: async (db, user) =>
      (await allSessionsOf(db, user.id)).map((session) => ({
        createdAt: iso(session.createdAt),
        lastUsedAt: iso(session.lastUsedAt),
        expiresAt: iso(session.expiresAt),
        endedAt: iso(session.revokedAt),
        ip: session.ip,
        userAgent: session.userAgent,
        ...describeUserAgent(session.userAgent),
      })),
  },
  {
    // Sign-in alerts' record of the browsers and systems that signed in (ADR 037).
    key: 'signInDevices',
    read: async (db, user) =>
      (await listDevices(db, user.id)).map((device) => ({
        device: device.label,
        firstSeenAt: iso(device.firstSeenAt),
        lastSeenAt: iso(device.lastSeenAt),
        lastIp: device.lastIp,
      })),
  },
  {
    key: 'auditLog',
    read: auditEntries,
  },
  {
    key: 'contactMessages',
    read: async (db, user) =>
      (await contactMessagesFrom(db, user.email)).map((message) => ({
        sentAt: iso(message.createdAt),
        name: message.name,
        email: message.email,
        phone: message.phone,
        subject: message.subject,
        message: message.message,
        urgency: message.urgency,
        consentAt: iso(message.consentAt),
        privacyNoticeVersion: message.noticeVersion,
        ip: message.ipAddress,
      })),
  },
  {
    // A client's case files as the portal shows them to the client (shared items only).
    key: 'cases',
    read: ownCasesForExport,
  },
  {
    key: 'appointments',
    read: ownAppointmentsForExport,
  },
  {
    // A client's fee notes with their lines and payments, as Billing shows them (ADR 035).
    key: 'feeNotes',
    read: ownBillingForExport,
  },
  {
    // What the firm holds for a client in its client account, and every movement (ADR 045).
    key: 'clientMoney',
    read: ownClientMoneyForExport,
  },
  {
    key: 'notifications',
    // A staff member's bell speaks of clients' matters (names, case numbers, links to files):
    // their export keeps each one's kind and time, not its text or link (ADR 021).
    read: async (db, user) => {
      const notifications = await ownNotificationsForExport(db, user);
      if (seesAsClient(user)) return notifications;
      return notifications.map(({ message: _message, actionUrl: _actionUrl, ...kept }) => kept);
    },
  },
  {
    key: 'emailPreferences',
    read: (db, user) => emailPreferences(db, user.id),
  },
  {
    key: 'textMessages',
    // Staff are never texted: their file has no such section.
    read: async (db, user) => (seesAsClient(user) ? smsChoicesForExport(db, user) : undefined),
  },
  {
    // A client's conversations as the portal shows them to the client (withdrawn: no body).
    key: 'messages',
    read: ownConversationsForExport,
  },
  {
    key: 'dataProtectionRequests',
    read: async (db, user) =>
      (await listOwnDataRequests(db, user.id)).map((request) => ({
        kind: request.kind,
        status: request.status,
        message: request.message,
        answer: request.reason,
        createdAt: iso(request.createdAt),
        answeredAt: iso(request.handledAt),
      })),
  },
];

/** The whole file: when it was made, for whom, and every section. */
export async function buildDataExport(
  db: Executor,
  user: UserRow,
  now: Date,
  sections: readonly ExportSection[] = exportSections,
): Promise<Record<string, unknown>> {
  const file: Record<string, unknown> = {
    generatedAt: now.toISOString(),
    about:
      'Your personal data held by Mwamba & Associates Advocates (Data Protection Act 2019, section 26).',
  };
  for (const section of sections) file[section.key] = await section.read(db, user);
  return file;
}
