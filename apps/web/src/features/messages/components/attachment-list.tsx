import { MESSAGE_LIMITS, MESSAGE_MESSAGES, MESSAGE_SCREEN, UPLOAD_ACCEPT } from '@firm/shared';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import { fileSize } from './message-format';

/**
 * The files chosen for a message (the composer's and New Message's): each removable before
 * sending, and each with its own progress bar while the request is on its way.
 */
export function AttachmentList({
  files,
  progress,
  onRemove,
}: {
  files: readonly File[];
  /** Each file's fraction sent; null while not sending. */
  progress: readonly number[] | null;
  onRemove: (index: number) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="mb-2 space-y-1" aria-label={MESSAGE_SCREEN.attachments}>
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`} className="flex items-center gap-2 text-sm">
          <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="min-w-0 flex-1 truncate">
            {file.name} <span className="text-slate-500">({fileSize(file.size)})</span>
          </span>
          {progress ? (
            <progress
              className="h-2 w-24"
              max={1}
              value={progress[index] ?? 0}
              aria-label={MESSAGE_SCREEN.uploadingFile(file.name)}
            />
          ) : (
            <button
              type="button"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              onClick={() => onRemove(index)}
              aria-label={MESSAGE_SCREEN.removeFile(file.name)}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The paperclip button and its hidden file input (several files at once). */
export function AttachButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: FileList) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="rounded-md p-2.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label={MESSAGE_SCREEN.attachFiles}
      >
        <Paperclip aria-hidden="true" className="size-5" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        // The picker offers the types the server takes (it still reads each file's bytes).
        accept={UPLOAD_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          if (event.target.files) onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </>
  );
}

/** `current` with `added` appended, or the refusal when that passes the limit per message. */
export function withAddedFiles(
  current: readonly File[],
  added: FileList | readonly File[],
): { files: File[] } | { error: string } {
  const next = [...current, ...Array.from(added)];
  if (next.length > MESSAGE_LIMITS.attachmentsMax) {
    return { error: MESSAGE_MESSAGES.tooManyFiles(MESSAGE_LIMITS.attachmentsMax) };
  }
  return { files: next };
}
