import { defineEndpoints } from '../common/endpoints';

/** Cases, their notes and documents: where each endpoint is; shapes in contract.ts. */
export const CASES_ENDPOINTS = defineEndpoints({
  listCases: { method: 'GET', path: '/cases' },
  listCasePeople: { method: 'GET', path: '/cases/people' },
  checkConflicts: { method: 'POST', path: '/cases/conflict-check' },
  createCase: { method: 'POST', path: '/cases' },
  getCase: { method: 'GET', path: '/cases/:id' },
  updateCase: { method: 'PUT', path: '/cases/:id' },
  deleteCase: { method: 'DELETE', path: '/cases/:id' },
  addCaseNote: { method: 'POST', path: '/cases/:id/notes' },
  uploadCaseDocument: { method: 'POST', path: '/cases/:id/documents' },
  downloadCaseDocument: { method: 'GET', path: '/cases/:id/documents/:docId' },
  deleteCaseDocument: { method: 'DELETE', path: '/cases/:id/documents/:docId' },
  setDocumentVisibility: { method: 'PATCH', path: '/cases/:id/documents/:docId' },
  setNoteVisibility: { method: 'PATCH', path: '/cases/:id/notes/:noteId' },
});
