import { describe, expect, it } from 'vitest';
import {
  clientAuditDetails,
  ownAccountAuditDetails,
  type ClientVisibleRecords,
} from './client-view';

/** The client-view rule on audit rows (ADR 021): listed actions, visible records, listed keys. */

const visible: ClientVisibleRecords = {
  caseIds: new Set(['case-b']),
  documentIds: new Set(['doc-shared']),
  noteIds: new Set(['note-shared']),
  conversationIds: new Set(['conversation-b']),
  appointmentIds: new Set(['appointment-b']),
};

describe('clientAuditDetails', () => {
  it("keeps a case's listed keys and drops the conflict clearance and parties", () => {
    expect(
      clientAuditDetails(
        'case.created',
        {
          caseId: 'case-b',
          caseNumber: 'MWA/2026/0002',
          title: 'Land',
          parties: [{ name: 'X' }],
          conflictCleared: { reason: 'staff only', matches: [{ caseId: 'case-a' }] },
        },
        visible,
      ),
    ).toEqual({ caseId: 'case-b', caseNumber: 'MWA/2026/0002', title: 'Land' });
  });

  it('hides rows about records the client cannot see, and actions not listed', () => {
    expect(clientAuditDetails('case.viewed', { caseId: 'case-a' }, visible)).toBeNull();
    const internal = { caseId: 'case-b', documentId: 'doc-internal', name: 'strategy.pdf' };
    expect(clientAuditDetails('case.document_downloaded', internal, visible)).toBeNull();
    expect(
      clientAuditDetails('case.note_added', { caseId: 'case-b', noteId: 'note-internal' }, visible),
    ).toBeNull();
    expect(clientAuditDetails('case.document_deleted', { caseId: 'case-b' }, visible)).toBeNull();
    expect(clientAuditDetails('enquiry.updated', { noteChanged: true }, visible)).toBeNull();
    expect(clientAuditDetails('toString', {}, visible)).toBeNull();
  });

  it("keeps only the client-visible fields of a case's changes", () => {
    expect(
      clientAuditDetails(
        'case.updated',
        {
          caseId: 'case-b',
          changed: { status: { from: 'pending', to: 'active' }, secretColumn: { from: 1, to: 2 } },
          courtHearing: 'Adjourned',
        },
        visible,
      ),
    ).toEqual({ caseId: 'case-b', changed: { status: { from: 'pending', to: 'active' } } });
  });
});

describe('a visibility change', () => {
  it('reaches the client while the item is shared, never about an internal one', () => {
    const doc = { caseId: 'case-b', caseNumber: 'MWA/2026/0002', name: 'brief.pdf' };
    expect(
      clientAuditDetails(
        'case.document_visibility_changed',
        { ...doc, documentId: 'doc-shared', visibleToClient: true, staffOnly: 'x' },
        visible,
      ),
    ).toEqual({ ...doc, documentId: 'doc-shared', visibleToClient: true });
    expect(
      clientAuditDetails(
        'case.document_visibility_changed',
        { ...doc, documentId: 'doc-internal', visibleToClient: false },
        visible,
      ),
    ).toBeNull();
    const note = { caseId: 'case-b', caseNumber: 'MWA/2026/0002', visibleToClient: true };
    expect(
      clientAuditDetails(
        'case.note_visibility_changed',
        { ...note, noteId: 'note-shared' },
        visible,
      ),
    ).toEqual({ ...note, noteId: 'note-shared' });
    expect(
      clientAuditDetails(
        'case.note_visibility_changed',
        { ...note, noteId: 'note-internal' },
        visible,
      ),
    ).toBeNull();
  });
});

describe('ownAccountAuditDetails', () => {
  it("keeps a staff member's own account rows and nothing of records they worked on", () => {
    expect(ownAccountAuditDetails('profile.updated', { fields: ['phone'] })).toEqual({
      fields: ['phone'],
    });
    expect(ownAccountAuditDetails('case.viewed', { caseId: 'case-b' })).toBeNull();
    expect(ownAccountAuditDetails('audit_log.exported', { filters: { target: 'A' } })).toBeNull();
  });
});
