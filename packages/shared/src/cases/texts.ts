import { caseStatusLabel, type CaseStatus } from './rules';

/**
 * Every text the cases feature shows (the contract texts word for word where there is one,
 * docs/texts.md).
 */
export const CASE_MESSAGES = {
  /**
   * A court date on a weekend or a public holiday is asked about, not refused: courts do sit on
   * some (ADR 025). `day` in full ("Saturday 12 December 2026"), `what` the holiday's name or
   * "a weekend day".
   */
  courtDayUnusual: (day: string, what: string) =>
    `${day} is ${what}. Courts rarely sit then. Save anyway?`,
  courtDayWeekend: 'a weekend day',
  courtDaySaveAnyway: 'Save anyway',
  courtDayChangeDate: 'Change the date',
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
  confirmMakeNoteInternal:
    'Make this note internal? The client will no longer see it, and its notification is withdrawn from their bell.',
  noteUnshareTooLate: (minutes: number) =>
    `A shared note can be made internal only within ${minutes} minutes of sharing it: the client may already have read it. Add a note that corrects it instead.`,
  /** The note form's submit button: sharing is said in the button, each time. */
  addNoteShared: 'Add and share with the client',
  noteSharingLegend: 'Who may read this note',
  noteInternalOption: 'Internal (firm only)',
  noteSharedOption: 'Shared with client',
  uploadShared: 'Upload and share with the client',
  confirmDeleteDocument: (name: string) => `Delete "${name}"? This cannot be undone.`,
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
  caseHasTime:
    'This case has time or expenses recorded on it, so it cannot be deleted. Close the case instead: case files are kept.',
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

  // The screens' loading, busy and empty states.
  loadingCases: 'Loading cases',
  loadingCase: 'Loading case…',
  addingNote: 'Adding…',
  noDocuments: 'No documents yet.',
  noNotes: 'No notes yet.',
  noCourtDate: 'No court date',
  /** The case's Court date when none is set. */
  courtDateNone: 'None',
  /** An upload's outcome beside its name. */
  uploadStateDone: 'Uploaded',
  uploadStateFailed: 'Failed',
  uploadStateCancelled: 'Cancelled',
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

/**
 * What /cases says of the filters only a link sets (a report's figure): the days arrive in words.
 * The status, category and assignee have their own controls, so they are not repeated here.
 */
export const CASE_LINK_FILTER_TEXTS = {
  opened: (days: string) => `opened ${days}`,
  closed: (days: string) => `closed ${days}`,
  openOn: (day: string) => `open at the end of ${day}`,
  showing: (parts: string) => `Showing cases ${parts}.`,
} as const;
