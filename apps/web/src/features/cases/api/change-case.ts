import type {
  AddNoteInput,
  CaseDetail,
  CaseResponse,
  SuccessMessage,
  UpdateCaseInput,
} from '@firm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { casesApi } from './cases-api';
import { caseKey } from './get-case';
import { CASES_KEY } from './list-cases';

/** PUT /api/cases/:id (with the version the case was read at). */
export function updateCase(id: string, input: UpdateCaseInput): Promise<CaseResponse> {
  return casesApi.updateCase({ params: { id }, body: input });
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
  return casesApi.addCaseNote({ params: { id }, body: input });
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
  return casesApi.deleteCaseDocument({ params: { id, docId: documentId } });
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
  const body = { visibleToClient };
  return item.kind === 'document'
    ? casesApi.setDocumentVisibility({ params: { id, docId: item.id }, body })
    : casesApi.setNoteVisibility({ params: { id, noteId: item.id }, body });
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
