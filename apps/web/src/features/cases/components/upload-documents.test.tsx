import { ApiError } from '../../../lib/api-client';
import { CASE_MESSAGES, type DocumentResponse } from '@firm/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { UploadDocuments } from './upload-documents';

/**
 * The transfer itself (XMLHttpRequest) is lib/file-transfer's, tested there and in the browser
 * (e2e cases.spec); here each upload is a promise the test settles, to see what the person sees.
 */
const transfers: {
  file: File;
  visibleToClient: boolean;
  onProgress: (fraction: number) => void;
  resolve: (body: DocumentResponse) => void;
  reject: (error: unknown) => void;
  cancel: ReturnType<typeof vi.fn>;
}[] = [];

vi.mock('../api/documents', () => ({
  uploadDocument: (
    _caseId: string,
    file: File,
    options: { visibleToClient: boolean; onProgress: (fraction: number) => void },
  ) => {
    let resolve!: (body: DocumentResponse) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<DocumentResponse>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    const cancel = vi.fn(() => reject(new DOMException('Cancelled', 'AbortError')));
    transfers.push({ file, ...options, resolve, reject, cancel });
    return { promise, cancel };
  },
}));

beforeEach(() => {
  transfers.length = 0;
});

const CASE_ID = '10000000-0000-4000-8000-000000000001';
const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const dropOn = (target: HTMLElement, files: File[]) =>
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });

describe('Upload Document', () => {
  it('asks whether to share before the file picker, in reading order', () => {
    renderWithApp(<UploadDocuments caseId={CASE_ID} isStaff />);
    const share = screen.getByLabelText(CASE_MESSAGES.shareUploadsLabel);
    const upload = screen.getByRole('button', { name: CASE_MESSAGES.uploadDocument });
    expect(share.compareDocumentPosition(upload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(share).not.toBeChecked();
  });

  it('shares only the files picked while the box is ticked: it unticks for the next ones', async () => {
    renderWithApp(<UploadDocuments caseId={CASE_ID} isStaff />);
    const share = screen.getByLabelText(CASE_MESSAGES.shareUploadsLabel);
    await userEvent.click(share);
    expect(screen.getByRole('button', { name: CASE_MESSAGES.uploadShared })).toBeInTheDocument();
    dropOn(screen.getByText('Drag files here, or'), [pdf('Judgment.pdf')]);
    expect(share).not.toBeChecked();
    expect(screen.getByRole('button', { name: CASE_MESSAGES.uploadDocument })).toBeInTheDocument();
    dropOn(screen.getByText('Drag files here, or'), [pdf('Internal memo to counsel.pdf')]);
    expect(transfers.map((t) => [t.file.name, t.visibleToClient])).toEqual([
      ['Judgment.pdf', true],
      ['Internal memo to counsel.pdf', false],
    ]);
  });

  it('uploads each dropped file on its own, with its progress, shared when staff tick the box', async () => {
    renderWithApp(<UploadDocuments caseId={CASE_ID} isStaff />);
    await userEvent.click(screen.getByLabelText(CASE_MESSAGES.shareUploadsLabel));
    dropOn(screen.getByText('Drag files here, or'), [pdf('Plaint.pdf'), pdf('Affidavit.pdf')]);
    expect(transfers.map((t) => [t.file.name, t.visibleToClient])).toEqual([
      ['Plaint.pdf', true],
      ['Affidavit.pdf', true],
    ]);
    act(() => transfers[0]!.onProgress(0.4));
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(within(list).getByRole('progressbar', { name: 'Upload of Plaint.pdf' })).toHaveValue(40);
    await act(async () =>
      transfers[0]!.resolve({
        success: true,
        message: 'Document uploaded successfully',
      } as unknown as DocumentResponse),
    );
    expect(await within(list).findByText('Uploaded')).toBeInTheDocument();
    // The other file is still on its way, with its own Cancel.
    expect(
      within(list).getByRole('button', { name: 'Cancel upload of Affidavit.pdf' }),
    ).toBeInTheDocument();
  });

  it('cancels one upload, saying so, without an error', async () => {
    renderWithApp(<UploadDocuments caseId={CASE_ID} isStaff={false} />);
    dropOn(screen.getByText('Drag files here, or'), [pdf('Scan.pdf')]);
    // A client's own uploads are always theirs to see.
    expect(transfers[0]!.visibleToClient).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of Scan.pdf' }));
    expect(transfers[0]!.cancel).toHaveBeenCalled();
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByText('Failed')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the file the picker chose', async () => {
    renderWithApp(<UploadDocuments caseId={CASE_ID} isStaff />);
    const picker = screen.getByLabelText(CASE_MESSAGES.uploadDocument, { selector: 'input' });
    await userEvent.upload(picker, pdf('Movie.pdf'));
    expect(transfers[0]!.visibleToClient).toBe(false);
    await act(async () =>
      transfers[0]!.reject(
        new ApiError(CASE_MESSAGES.fileTypeNotAllowed, 415, 'UNSUPPORTED_MEDIA_TYPE'),
      ),
    );
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(list).findByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText(CASE_MESSAGES.fileTypeNotAllowed)).toBeInTheDocument();
  });
});
