import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { ownAppointmentsForExport } from '../appointments/appointments.service';
import { ownCasesForExport } from '../cases/cases.service';
import {
  emailPreferences,
  ownNotificationsForExport,
} from '../notifications/notifications.service';
import { ownConversationsForExport } from '../messages/messages.service';
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
      ...(user.role === 'admin' ? { permissions: user.permissions } : {}),
      ...(user.role === 'advocate'
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
    key: 'auditLog',
    // What was done by or to the person. What they did to someone else keeps its action and time
    // but not its details (that person's email, name or permissions).
    read: async (db, user) =>
      (await auditRowsAbout(db, user.id)).map((row) => ({
        action: row.action,
        at: iso(row.createdAt),
        byYou: row.byYou === true,
        aboutYou: row.aboutYou === true,
        ip: row.byYou === true ? row.ip : null,
        details: row.aboutYou === true || row.hasTarget !== true ? row.details : null,
      })),
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
    key: 'notifications',
    read: ownNotificationsForExport,
  },
  {
    key: 'emailPreferences',
    read: (db, user) => emailPreferences(db, user.id),
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
