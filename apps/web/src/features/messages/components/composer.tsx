import { MESSAGE_SCREEN_STATES, MESSAGES, MESSAGE_LIMITS, type ChatMessage } from '@firm/shared';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CharacterCount } from '../../../components/ui/character-count';
import { errorText } from '../../../lib/api-client';
import { sendMessage, type SendHandle } from '../api/send-message';
import { AttachButton, AttachmentList, withAddedFiles } from './attachment-list';

/** The draft of each conversation, kept for the tab's life: a failed send or a reload loses nothing. */
const draftKey = (conversationId: string) => `messages.draft.${conversationId}`;

function readDraft(conversationId: string): string {
  try {
    return sessionStorage.getItem(draftKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

function saveDraft(conversationId: string, text: string) {
  try {
    if (text) sessionStorage.setItem(draftKey(conversationId), text);
    else sessionStorage.removeItem(draftKey(conversationId));
  } catch {
    // Storage refused (private mode, full): the draft lives only in the field.
  }
}

/** A touch screen's Enter inserts a line (no Shift there); the Send button sends. */
function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

export interface ComposerProps {
  conversationId: string;
  /** While a message is on its way: shown in the conversation as "Sending…". */
  onSending: (pending: { body: string; files: string[] } | null) => void;
  onSent: (message: ChatMessage) => void;
}

/**
 * A chat draft box, kept on plain state rather than react-hook-form and a schema: it has no field
 * message to show (an empty draft is simply not sent; the only error is the send's own, from the
 * server), and its text is saved to the tab's drafts on every keystroke.
 */
export function Composer({ conversationId, onSending, onSent }: ComposerProps) {
  const [text, setText] = useState(() => readDraft(conversationId));
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const handle = useRef<SendHandle | null>(null);
  const textId = useId();
  const errorId = useId();
  const isSending = progress !== null;

  // One composer per conversation (the screen keys it by id): its own draft from the start.
  useEffect(() => () => handle.current?.cancel(), []);

  const change = (value: string) => {
    setText(value);
    saveDraft(conversationId, value);
  };

  const addFiles = (list: FileList | File[]) => {
    const added = withAddedFiles(files, list);
    if ('error' in added) {
      setError(added.error);
      return;
    }
    setError(null);
    setFiles(added.files);
  };

  const send = async () => {
    const body = text.trim();
    if (isSending || (!body && files.length === 0)) return;
    setError(null);
    setProgress(files.map(() => 0));
    onSending({ body, files: files.map((file) => file.name) });
    const current = sendMessage(conversationId, { body, files }, setProgress);
    handle.current = current;
    try {
      const result = await current.promise;
      // Sent: only now is the draft gone.
      setText('');
      setFiles([]);
      saveDraft(conversationId, '');
      onSent(result.sent);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setError(errorText(failure));
    } finally {
      handle.current = null;
      setProgress(null);
      onSending(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (isTouchDevice()) return;
    event.preventDefault();
    void send();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  return (
    <form
      className={`border-t border-slate-200 bg-white p-3 ${isDragging ? 'ring-2 ring-brand-600 ring-inset' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      aria-label="Write a message"
    >
      <AttachmentList
        files={files}
        progress={progress}
        onRemove={(index) => setFiles(files.filter((_, i) => i !== index))}
      />
      {error ? (
        <div
          id={errorId}
          role="alert"
          className="mb-2 flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span className="min-w-0 flex-1 wrap-anywhere">
            {MESSAGE_SCREEN_STATES.notSent(error)}
          </span>
          <Button size="sm" variant="neutral" onClick={() => void send()}>
            Retry
          </Button>
        </div>
      ) : null}
      <label htmlFor={textId} className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-2">
        <AttachButton onFiles={addFiles} disabled={isSending} />
        <textarea
          id={textId}
          rows={2}
          value={text}
          maxLength={MESSAGE_LIMITS.bodyMax}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message"
          aria-describedby={[error ? errorId : null, `${textId}-count`].filter(Boolean).join(' ')}
          // min-w-0: a textarea's own minimum width (20 columns) would push Send off a 320 px phone.
          className="block max-h-40 min-h-11 w-full min-w-0 flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
        />
        <Button
          type="submit"
          isLoading={isSending}
          loadingText={MESSAGES.sending}
          aria-label="Send"
        >
          <Send aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <CharacterCount id={`${textId}-count`} used={text.length} max={MESSAGE_LIMITS.bodyMax} />
    </form>
  );
}
