/**
 * Cases: the statuses, priorities, categories, party roles and upload rules shared by
 * the server and the screens (their texts are in texts.ts). A module of its own so public pages
 * never download it.
 */
import type { Role } from '../common/constants';
import { isAdvocateAccount } from '../permissions';

/** The firm's file number is `MWA/<year>/<4-digit sequence>` (docs/product-rules.md). */
export const CASE_NUMBER_PREFIX = 'MWA';
export const CASE_NUMBER_DIGITS = 4;

export function formatCaseNumber(year: number, sequence: number): string {
  return `${CASE_NUMBER_PREFIX}/${year}/${String(sequence).padStart(CASE_NUMBER_DIGITS, '0')}`;
}

export const CASE_STATUSES = ['pending', 'in_progress', 'completed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** docs/product-rules.md#states: shown with underscores replaced by spaces. */
export const caseStatusLabel = (status: CaseStatus): string => status.replace(/_/g, ' ');

/**
 * Status moves: forward one step at a time; only an advocate reopens a closed case
 * (back to in progress). Anything else is refused naming the moves allowed.
 */
export const CASE_STATUS_MOVES: Record<CaseStatus, readonly CaseStatus[]> = {
  pending: ['in_progress'],
  in_progress: ['completed'],
  completed: ['closed'],
  closed: ['in_progress'],
};

/** The moves `role` may make from `from` (reopening is the advocate's alone). */
export function allowedStatusMoves(from: CaseStatus, role: Role): CaseStatus[] {
  if (from === 'closed') return isAdvocateAccount({ role }) ? [...CASE_STATUS_MOVES.closed] : [];
  return [...CASE_STATUS_MOVES[from]];
}

export const CASE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** The five categories (docs/product-rules.md#validation): a code is stored, the label shown. */
export const CASE_CATEGORIES = {
  family: 'Family Law',
  corporate: 'Corporate Law',
  criminal: 'Criminal Defense',
  property: 'Property Law',
  employment: 'Employment Law',
} as const;
export type CaseCategory = keyof typeof CASE_CATEGORIES;
export const CASE_CATEGORY_CODES = Object.keys(CASE_CATEGORIES) as [
  CaseCategory,
  ...CaseCategory[],
];

export const PARTY_ROLES = {
  opposing_party: 'Opposing party',
  opposing_advocate: 'Opposing advocate or firm',
  co_party: 'Co-party',
  witness: 'Witness',
  other: 'Other',
} as const;
export type PartyRole = keyof typeof PARTY_ROLES;
export const PARTY_ROLE_CODES = Object.keys(PARTY_ROLES) as [PartyRole, ...PartyRole[]];

export const CASE_EVENT_TYPES = [
  'case_created',
  'status_changed',
  'assigned',
  'documents_uploaded',
  'note_added',
  'court_date_set',
  'court_hearing',
  'case_closed',
  'case_reopened',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

export const CASE_SORTS = ['updated', 'created', 'court_date', 'case_number'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/** Uploads: the types read from the file's bytes, and the default size limit (MAX_UPLOAD_MB). */
export const DEFAULT_MAX_UPLOAD_MB = 25;
export const ALLOWED_UPLOAD_TYPES = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/plain': 'Text',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
} as const;
export type AllowedUploadType = keyof typeof ALLOWED_UPLOAD_TYPES;
/** For the file picker's `accept` (a hint only: the server reads the bytes). */
export const UPLOAD_ACCEPT =
  '.pdf,.doc,.docx,.xls,.xlsx,.txt,.jpg,.jpeg,.png,.heic,.heif,' +
  Object.keys(ALLOWED_UPLOAD_TYPES).join(',');

export const CASE_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  noteMax: 5000,
  courtMax: 200,
  partyNameMax: 200,
  partyContactMax: 300,
  partiesMax: 30,
  reasonMax: 1000,
  searchMax: 100,
  fileNameMax: 255,
  /**
   * A note shared with the client may be made internal again (its notification withdrawn from the
   * client's bell) only this long after it was shared; later the client may have read it, and a
   * correcting note is the honest way (ADR 014, "Un-sharing a note").
   */
  noteUnshareWindowMinutes: 10,
} as const;

/** Whether a shared note, shared at `sharedAt`, may still be made internal at `now`. */
export function mayUnshareNote(sharedAt: Date | string, now: Date = new Date()): boolean {
  const shared = typeof sharedAt === 'string' ? Date.parse(sharedAt) : sharedAt.getTime();
  return now.getTime() - shared <= CASE_LIMITS.noteUnshareWindowMinutes * 60 * 1000;
}

/** One match of the conflict check, as a sentence ("… resembles …: opposing party in MWA/2026/0003"). */
export function conflictMatchText(match: {
  name: string;
  matchedName: string;
  source: 'client' | 'party';
  role: PartyRole | null;
  caseNumber: string | null;
}): string {
  const where =
    match.source === 'client'
      ? 'an existing client of the firm'
      : `${match.role ? PARTY_ROLES[match.role].toLowerCase() : 'a party'} in ${
          match.caseNumber ?? 'another case'
        }`;
  return `${match.name} resembles ${match.matchedName}: ${where}`;
}

/** The assignee filter's value for cases nobody is assigned to (`/cases?assignee=none`). */
export const CASE_UNASSIGNED = 'none';
