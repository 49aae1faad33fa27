import type {
  AddNoteInput,
  CaseDetail,
  CaseResponse,
  CaseNote,
  DocumentResponse,
  SuccessMessage,
  UpdateCaseInput,
} from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { caseKey } from './get-case';
import { CASES_KEY } from './list-cases';

const casePath = (id: string) => `/cases/${encodeURIComponent(id)}`;

/** PUT /api/cases/:id (with the version the case was read at). */
export function updateCase(id: string, input: UpdateCaseInput): Promise<CaseResponse> {
  return api.put<CaseResponse>(casePath(id), input);
}

/** After any change: the case shows its new state, and every list refreshes. */
function useRefreshCases() {
  const queryClient = useQueryClient();
  return (id: string, detail?: CaseDetail) => {
    if (detail) queryClient.setQueryData(caseKey(id), detail);
    return queryClient.invalidateQueries({ queryKey: CASES_KEY });
  };
}

export function useUpdateCase(id: string) {
  const refresh = useRefreshCases();
  return useMutation({
    mutationFn: (input: UpdateCaseInput) => updateCase(id, input),
    onSuccess: (body) => refresh(id, body.case),
  });
}

/** POST /api/cases/:id/notes */
export function addNote(id: string, input: AddNoteInput) {
  return api.post<SuccessMessage & { note: CaseNote }>(`${casePath(id)}/notes`, input);
}

export function useAddNote(id: string) {
  const refresh = useRefreshCases();
  return useMutation({
    mutationFn: (input: AddNoteInput) => addNote(id, input),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/cases/:id/documents/:docId */
export function deleteDocument(id: string, documentId: string): Promise<SuccessMessage> {
  return api.delete<SuccessMessage>(`${casePath(id)}/documents/${encodeURIComponent(documentId)}`);
}

export function useDeleteDocument(id: string) {
  const refresh = useRefreshCases();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(id, documentId),
    onSuccess: () => refresh(id),
  });
}

/**
 * PATCH /api/cases/:id/documents/:docId or /notes/:noteId: share an item with the client after the
 * fact, or make it internal again.
 */
export function setVisibility(
  id: string,
  item: { kind: 'document' | 'note'; id: string },
  visibleToClient: boolean,
): Promise<SuccessMessage> {
  const path = `${casePath(id)}/${item.kind === 'document' ? 'documents' : 'notes'}/${encodeURIComponent(item.id)}`;
  return item.kind === 'document'
    ? api.patch<DocumentResponse>(path, { visibleToClient })
    : api.patch<SuccessMessage & { note: CaseNote }>(path, { visibleToClient });
}

export function useSetVisibility(id: string) {
  const refresh = useRefreshCases();
  return useMutation({
    mutationFn: (input: { kind: 'document' | 'note'; id: string; visibleToClient: boolean }) =>
      setVisibility(id, input, input.visibleToClient),
    onSuccess: () => refresh(id),
  });
}

/** Lets the upload panel refresh the case once a file is stored. */
export { useRefreshCases };
