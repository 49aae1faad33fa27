import { CASE_MESSAGES, UPLOAD_ACCEPT, CASE_SCREEN_FAILURES } from '@firm/shared';
import { Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { errorText } from '../../../lib/api-client';
import { useRefreshCases } from '../api/change-case';
import { uploadDocument } from '../api/documents';

interface UploadItem {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  message?: string;
  cancel?: () => void;
}

/**
 * 'Upload Document': drop files here or pick them; each uploads on its own with a progress bar and
 * a Cancel button. Staff choose first whether the client may see the files (and may change it per
 * document later), for those files only: the choice goes back to internal once they are picked. A
 * client's own uploads are always theirs to see.
 */
export function UploadDocuments({ caseId, isStaff }: { caseId: string; isStaff: boolean }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [shared, setShared] = useState(false);
  const [isDragging, setDragging] = useState(false);
  const refresh = useRefreshCases();
  const dropRef = useRef<HTMLDivElement>(null);
  // `?upload=1` (the dashboard's Upload Document): bring the upload area into view, its button
  // focused, so one more press picks the files (a browser opens a file picker only on a press).
  const [params] = useSearchParams();
  const wantsUpload = params.get('upload') === '1';
  useEffect(() => {
    if (!wantsUpload) return;
    const frame = requestAnimationFrame(() => {
      dropRef.current?.scrollIntoView({ block: 'center' });
      dropRef.current?.querySelector('button')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [wantsUpload]);

  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const start = (files: FileList | File[]) => {
    for (const file of files) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      const handle = uploadDocument(caseId, file, {
        visibleToClient: isStaff ? shared : true,
        onProgress: (fraction) => patch(key, { progress: fraction }),
      });
      setItems((current) => [
        ...current,
        { key, name: file.name, progress: 0, state: 'uploading', cancel: handle.cancel },
      ]);
      handle.promise.then(
        (body) => {
          patch(key, { state: 'done', progress: 1, cancel: undefined });
          toast.success(body.message);
          void refresh(caseId);
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            patch(key, { state: 'cancelled', cancel: undefined });
            return;
          }
          const message = errorText(error, CASE_SCREEN_FAILURES.uploadFailed);
          patch(key, { state: 'failed', message, cancel: undefined });
          toast.error(message);
        },
      );
    }
    // Sharing is a choice for these files, not the next ones: the box unticks once they are on
    // their way, as the note form starts each note internal (ADR 014).
    setShared(false);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) start(event.dataTransfer.files);
  };

  return (
    <div className="mt-3 space-y-3">
      {/* The choice comes first, in reading order, because it applies to the files picked next;
          a file uploaded as internal can still be shared afterwards. */}
      {isStaff ? (
        <Checkbox
          label={CASE_MESSAGES.shareUploadsLabel}
          checked={shared}
          onChange={(event) => setShared(event.target.checked)}
        />
      ) : null}
      <div
        ref={dropRef}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-4 text-center text-sm ${
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300'
        }`}
      >
        <Upload aria-hidden="true" className="mx-auto size-5 text-slate-500" />
        <p className="mt-1 text-slate-700">Drag files here, or</p>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={CASE_MESSAGES.uploadDocument}
          onChange={(event) => {
            if (event.target.files?.length) start(event.target.files);
            event.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => inputRef.current?.click()}
        >
          {isStaff && shared ? CASE_MESSAGES.uploadShared : CASE_MESSAGES.uploadDocument}
        </Button>
        <p className="mt-2 text-xs text-slate-600">
          PDF, Word, Excel, plain text, JPEG, PNG or HEIC.
        </p>
      </div>
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className="rounded-md border border-slate-200 p-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{item.name}</span>
                {item.cancel ? (
                  <Button
                    variant="quiet"
                    size="xs"
                    aria-label={`Cancel upload of ${item.name}`}
                    onClick={item.cancel}
                  >
                    <X aria-hidden="true" className="size-3.5" /> Cancel
                  </Button>
                ) : (
                  <span
                    className={
                      item.state === 'done'
                        ? 'text-green-800'
                        : item.state === 'failed'
                          ? 'text-red-700'
                          : 'text-slate-600'
                    }
                  >
                    {item.state === 'done'
                      ? CASE_MESSAGES.uploadStateDone
                      : item.state === 'failed'
                        ? CASE_MESSAGES.uploadStateFailed
                        : CASE_MESSAGES.uploadStateCancelled}
                  </span>
                )}
              </div>
              <progress
                className="mt-1 h-2 w-full accent-brand-700"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={`Upload of ${item.name}`}
              />
              {item.message ? <p className="mt-1 text-xs text-red-700">{item.message}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
