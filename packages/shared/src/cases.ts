/**
 * Cases: the statuses, priorities, categories, party roles and upload rules shared by
 * the server and the screens, and every text the feature shows (the contract texts word for word where there
 * is one, docs/texts.md). A module of its own so public pages never download it.
 */

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
export function allowedStatusMoves(from: CaseStatus, role: string): CaseStatus[] {
  if (from === 'closed') return role === 'advocate' ? [...CASE_STATUS_MOVES.closed] : [];
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
} as const;

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

export const CASE_MESSAGES = {
  // Contract texts, word for word (docs/texts.md).
  clientHeading: 'My Cases',
  staffHeading: 'Case Management',
  newCase: 'New Case',
  /** To an admin who may read case files but not open new ones (say why, and who). */
  newCaseNeedsPermission:
    'You can read case files. Opening a new case needs permission to manage cases, which an advocate can give you in Admin Management.',
  moreFilters: 'More Filters',
  anyAssignee: 'Anyone',
  // The list's two filters, each with a visible name: two drop-downs reading "All" and "All"
  // told a client nothing.
  statusFilter: 'Status',
  priorityFilter: 'Priority',
  allStatuses: 'All statuses',
  allPriorities: 'All priorities',
  noCases: 'No cases found',
  uploadDocument: 'Upload Document',
  addNote: 'Add Note',
  caseCreated: 'Case created successfully!',
  createFailed: 'Failed to create case',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  priorityRequired: 'Priority is required',
  // Our own.
  clientRequired: 'Please choose the client',
  clientNotFound: 'The client must be an active client account',
  assigneeNotFound: 'The case can be assigned only to an active advocate or admin',
  invalidAssigneeFilter: 'Assignee is a member of staff or none',
  notAssigned: 'Not assigned',
  caseUpdated: 'Case updated successfully',
  caseDeleted: 'Case deleted successfully',
  noteAdded: 'Note added successfully',
  noteRequired: 'Note is required',
  documentUploaded: 'Document uploaded successfully',
  documentDeleted: 'Document deleted successfully',
  documentShared: 'Document shared with the client',
  documentMadeInternal: 'Document made internal: the client no longer sees it',
  noteShared: 'Note shared with the client',
  noteMadeInternal: 'Note made internal: the client no longer sees it',
  noteNotFound: 'Note not found',
  invalidNoteId: 'Invalid note id',
  visibilityRequired: 'Say whether the client may see it (true or false)',
  shareDenied: 'You do not have permission to change what the client sees of this case.',
  shareUploadsLabel: 'Share the files I upload next with the client',
  shareWithClient: 'Share with client',
  makeInternal: 'Make internal',
  sharedBadge: 'Shared with client',
  internalBadge: 'Internal',
  confirmMakeDocumentInternal: (name: string) =>
    `Make "${name}" internal? The client will no longer see or download it.`,
  confirmMakeNoteInternal: 'Make this note internal? The client will no longer see it.',
  caseNotFound: 'Case not found',
  documentNotFound: 'Document not found',
  invalidCaseId: 'Invalid case id',
  invalidDocumentId: 'Invalid document id',
  viewDenied: 'You do not have permission to open case files.',
  manageDenied: 'You do not have permission to create or change cases.',
  uploadDenied: 'You do not have permission to upload documents.',
  deleteDenied: 'Only an advocate can delete a case.',
  versionConflict:
    'This case was changed by someone else while you were editing it. Reload the case to see their changes, then make yours again.',
  versionRequired: 'The version of the case you are changing is required',
  statusMoveNotAllowed: (from: CaseStatus, to: CaseStatus, allowed: readonly CaseStatus[]) =>
    `A case cannot move from ${caseStatusLabel(from)} to ${caseStatusLabel(to)}. ` +
    (allowed.length
      ? `From ${caseStatusLabel(from)} it can move to: ${allowed.map(caseStatusLabel).join(', ')}.`
      : `Only an advocate can reopen a ${caseStatusLabel(from)} case.`),
  caseNotEmpty:
    'This case has documents or notes, so it cannot be deleted. Close the case instead: case files are kept.',
  closedCaseUpload: 'Documents cannot be added to a closed case.',
  conflictCheckRequired:
    'Possible conflicts of interest were found. Review the matches and confirm "Checked: no conflict" with a reason before saving.',
  conflictReasonRequired: 'Please give the reason there is no conflict',
  conflictCleared: 'Checked: no conflict',
  fileRequired: 'Please choose a file to upload',
  fileTooLarge: (maxMb: number) =>
    `This file is too large. Files can be at most ${maxMb} MB; please upload a smaller file or split it.`,
  fileTypeNotAllowed:
    'This type of file cannot be uploaded. Please upload a PDF, Word, Excel, plain text, JPEG, PNG or HEIC file.',
  userHasCases:
    'This person is the client or assignee of a case, so their account cannot be deleted: case files are kept. Deactivate the account instead.',
} as const;

/** The cases screens' failure texts, each the fallback when the server gives no message of its own. */
export const CASE_SCREEN_FAILURES = {
  loadFailed: 'Failed to load cases',
  loadOneFailed: 'Failed to load the case',
  filteredEmptyHint: 'Try another search or clear the filters.',
  updateFailed: 'Failed to update the case',
  noteFailed: 'Failed to add the note',
  uploadFailed: 'Failed to upload the document',
  visibilityFailed: 'Failed to change who sees it',
  downloadFailed: 'Failed to download the document',
  documentDeleteFailed: 'Failed to delete the document',
} as const;
