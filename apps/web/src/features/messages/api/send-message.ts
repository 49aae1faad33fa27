import type { MessageSent } from '@firm/shared';
import { pathOf } from '@firm/shared/common/endpoints';
import { MESSAGES_ENDPOINTS } from '@firm/shared/messages/endpoints';
import { postWithProgress, type TransferHandle } from '../../../lib/file-transfer';

/**
 * POST /api/conversations/:id/messages: multipart (the body and up to 5 files) through
 * XMLHttpRequest, the one browser API that reports upload progress. One request carries every
 * file; each file's share of the bytes gives its own progress bar.
 */

export type SendHandle = TransferHandle<MessageSent>;

/** Each file's fraction sent, from the bytes sent so far (files go in order, after the body). */
export function fileProgress(files: readonly File[], loaded: number, total: number): number[] {
  const sizes = files.map((file) => file.size);
  const all = sizes.reduce((sum, size) => sum + size, 0);
  // Whatever is not file bytes (the body, the multipart framing) counts before the first file.
  const overhead = Math.max(0, total - all);
  let offset = overhead;
  return sizes.map((size) => {
    const fraction = size === 0 ? (loaded >= offset ? 1 : 0) : (loaded - offset) / size;
    offset += size;
    return Math.min(1, Math.max(0, fraction));
  });
}

export function sendMessage(
  conversationId: string,
  input: { body: string; files: readonly File[] },
  onProgress: (fractions: number[]) => void,
): SendHandle {
  const path = pathOf(MESSAGES_ENDPOINTS.sendMessage, { id: conversationId });
  // Text only: JSON, which keeps line breaks as typed (multipart turns them into CRLF).
  if (input.files.length === 0) {
    return postWithProgress<MessageSent>(path, { json: { body: input.body } }, () => {});
  }
  const form = new FormData();
  form.append('body', input.body);
  for (const file of input.files) form.append('file', file, file.name);
  return postWithProgress<MessageSent>(path, form, (loaded, total) =>
    onProgress(fileProgress(input.files, loaded, total)),
  );
}
