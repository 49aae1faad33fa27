/**
 * The readable copy of "Download my data" (ADR 016): the headings and labels a person
 * reads beside the JSON file. The copy is built from the same export sections as the file
 * (apps/server/src/modules/profile/data-export.ts), so these only name what is there.
 */
export const DATA_EXPORT_FORMATS = ['json', 'html'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

export const DATA_EXPORT_TEXTS = {
  formatInvalid: 'Format must be json or html',
  title: 'Your data held by Mwamba & Associates Advocates',
  generatedAt: (when: string) => `Made on ${when} (Nairobi time).`,
  machineCopy:
    'The same data is in the machine-readable file (JSON) offered beside this copy in Profile Settings.',
  empty: 'Nothing held.',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  downloadReadable: 'Readable copy (HTML)',
  downloadMachine: 'Machine-readable (JSON)',
  /** Each section's heading; a section not listed here is headed by its key in words. */
  sections: {
    account: 'Your account',
    sessions: 'Devices signed in',
    auditLog: 'Record of changes',
    contactMessages: 'Messages sent from the website',
    cases: 'Cases',
    appointments: 'Appointments',
    notifications: 'Notifications',
    emailPreferences: 'Email choices',
    messages: 'Messages',
    dataProtectionRequests: 'Data protection requests',
  } as Record<string, string>,
  /** Field names whose words are not simply the name split ("ip" → "IP address"). */
  labels: {
    ip: 'IP address',
    os: 'Operating system',
    userAgent: 'Browser (as it named itself)',
    id: 'Reference id',
    sha256: 'SHA-256 fingerprint',
  } as Record<string, string>,
} as const;
