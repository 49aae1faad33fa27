import {
  MESSAGES,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  MESSAGE_SCREEN,
  type ChatMessage,
  type MessagePage,
  MESSAGE_SCREEN_STATES,
} from '@firm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck, Clock, Paperclip } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ModalFooter } from '../../../components/ui/modal-footer';
import { errorText } from '../../../lib/api-client';
import { onLiveEvent } from '../../../lib/live-events';
import { notify } from '../../../lib/toasts';
import { usePageVisible } from '../../../lib/use-page-visible';
import { useConversationMessages } from '../api/conversation-messages';
import { downloadAttachment } from '../api/download-attachment';
import { useFileAttachmentToCase } from '../api/file-to-case';
import { conversationKey, conversationsKey } from '../../../lib/conversation-keys';
import { markConversationRead } from '../api/mark-read';
import { useWithdrawMessage } from '../api/withdraw-message';
import { Composer } from './composer';
import { MessageBody } from './message-body';
import { dayKey, dayLabel, fileSize, timeOf } from './message-format';

const WITHDRAW_MS = MESSAGE_LIMITS.withdrawWindowMinutes * 60 * 1000;

function StateMark({ state }: { state: ChatMessage['state'] | 'sending' }) {
  if (state === 'sending') {
    return (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" /> {MESSAGES.sending}
      </span>
    );
  }
  if (state === 'read') {
    return (
      <span className="inline-flex items-center gap-1">
        <CheckCheck aria-hidden="true" className="size-3.5" /> Read
      </span>
    );
  }
  if (state === 'sent') {
    return (
      <span className="inline-flex items-center gap-1">
        <Check aria-hidden="true" className="size-3.5" /> Sent
      </span>
    );
  }
  return null;
}

function Bubble({
  message,
  conversationId,
  now,
  onWithdraw,
  onFileToCase,
  filingId,
}: {
  message: ChatMessage;
  conversationId: string;
  now: number;
  onWithdraw: (message: ChatMessage) => void;
  /** The attachment being filed now: its button waits, so a second tap sends nothing. */
  filingId?: string | undefined;
  /** Staff with canUploadFiles, in a conversation about a case: file an attachment to it. */
  onFileToCase?: (attachment: ChatMessage['attachments'][number]) => void;
}) {
  const mine = message.mine;
  const mayWithdraw =
    mine && !message.withdrawn && now - new Date(message.createdAt).getTime() < WITHDRAW_MS;
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <article
        aria-label={`${mine ? 'You' : message.senderName}, ${timeOf(message.createdAt)}`}
        className={`max-w-[85%] min-w-0 rounded-lg px-3 py-2 text-sm wrap-anywhere shadow-sm ${
          mine ? 'bg-brand-50 text-slate-900' : 'border border-slate-200 bg-white text-slate-900'
        }`}
      >
        {!mine ? (
          <p className="mb-0.5 text-xs font-semibold text-slate-700">{message.senderName}</p>
        ) : null}
        {message.withdrawn ? (
          <p className="text-slate-600 italic">{MESSAGE_MESSAGES.withdrawnPlaceholder}</p>
        ) : (
          <>
            {message.body ? <MessageBody body={message.body} /> : null}
            {message.attachments.length > 0 ? (
              <ul className="mt-1 space-y-1">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <button
                      type="button"
                      className="inline-flex max-w-full items-start gap-1 text-left underline underline-offset-2"
                      onClick={() =>
                        void downloadAttachment(conversationId, file.id, file.name).catch(
                          (error: unknown) => notify.error(errorText(error)),
                        )
                      }
                    >
                      <Paperclip aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                      <span className="min-w-0">
                        {file.name} ({fileSize(file.size)})
                      </span>
                    </button>
                    {file.filedTo ? (
                      // Filed once: where it went, not the offer again (ADR 020).
                      <Link
                        to={`/cases/${file.filedTo.caseId}`}
                        className="ml-2 text-xs text-brand-800 underline underline-offset-2"
                      >
                        {MESSAGE_MESSAGES.filedToLabel(
                          file.filedTo.caseNumber,
                          file.filedTo.caseTitle,
                        )}
                      </Link>
                    ) : onFileToCase ? (
                      <button
                        type="button"
                        aria-label={`File ${file.name} to the case`}
                        disabled={filingId === file.id}
                        className="ml-2 text-xs text-brand-800 underline underline-offset-2 disabled:opacity-60"
                        onClick={() => onFileToCase(file)}
                      >
                        File to case
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        <p className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs text-slate-600">
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          <StateMark state={message.state} />
          {mayWithdraw ? (
            <button
              type="button"
              className="underline underline-offset-2 hover:text-red-700"
              onClick={() => onWithdraw(message)}
            >
              Withdraw
            </button>
          ) : null}
        </p>
      </article>
    </li>
  );
}

export interface ConversationViewProps {
  conversationId: string;
  onBack: () => void;
  /** Staff who may file attachments to a case (messages:file). */
  mayFileToCase?: boolean;
}

export function ConversationView({
  conversationId,
  onBack,
  mayFileToCase = false,
}: ConversationViewProps) {
  const queryClient = useQueryClient();
  const fileToCase = useFileAttachmentToCase(conversationId);
  // Someone reading older messages is not pulled down by a new one; at the bottom they follow.
  const isNearBottom = useRef(true);
  const query = useConversationMessages(conversationId);
  const withdraw = useWithdrawMessage();
  const [pending, setPending] = useState<{ body: string; files: string[] } | null>(null);
  const [toWithdraw, setToWithdraw] = useState<ChatMessage | null>(null);
  // Each arrival is its own announcement (a new node keyed by the message), so a second message
  // from the same sender is read out too, not taken for the text already there.
  const [announcement, setAnnouncement] = useState<{ id: string; text: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastNewest = useRef<string | null>(null);

  const pages = query.data?.pages ?? [];
  const newestPage: MessagePage | undefined = pages[0];
  const messages = pages
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
  const newest = messages.at(-1);

  // The withdraw links go when their 5 minutes are up.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // Live: this conversation's events refetch it (ids only on the stream); the list too.
  useEffect(() => {
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) });
    };
    const stopMessage = onLiveEvent('message', (event) => {
      if (event.conversationId === conversationId) refetch();
    });
    const stopReopened = onLiveEvent('reopened', refetch);
    return () => {
      stopMessage();
      stopReopened();
    };
  }, [conversationId, queryClient]);

  // Read up to the newest message from the other side (their receipt), and announce it politely.
  // Only while the page is in view: a message that arrives in a background tab is read when the
  // person comes back to it (until then it stays unread, and the unread-message email still goes).
  const isVisible = usePageVisible();
  const hasUnseen = useRef(false);
  useEffect(() => {
    if (!newest) return;
    const previous = lastNewest.current;
    lastNewest.current = newest.id;
    if (newest.mine) return;
    if (previous && previous !== newest.id) {
      setAnnouncement({
        id: newest.id,
        text: MESSAGE_SCREEN.newMessageFrom(newest.senderName, timeOf(newest.createdAt)),
      });
      hasUnseen.current = true;
    }
    if (!isVisible) return;
    if ((newestPage?.conversation.unreadCount ?? 0) > 0 || hasUnseen.current) {
      hasUnseen.current = false;
      void markConversationRead(conversationId)
        .then(() => queryClient.invalidateQueries({ queryKey: conversationsKey }))
        .catch(() => {
          // Not marked: the next visit marks it.
        });
    }
  }, [newest, newestPage, conversationId, queryClient, isVisible]);

  // Older pages keep the view where it was; a new message at the bottom scrolls to it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (isNearBottom.current || pending || newest?.mine) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length, pending, newest?.mine]);

  const loadOlder = () => {
    const element = scroller.current;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void query.fetchNextPage();
  };

  const conversation = newestPage?.conversation;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-labelledby="conversation-title">
      <header className="flex items-start gap-1 border-b border-slate-200 bg-white px-3 py-2">
        {/* An arrow alone on a phone: the subject needs the width more than the word does. */}
        <Button variant="quiet" size="sm" className="shrink-0 px-2 md:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Back</span>
        </Button>
        {/* Subjects and case labels run to 200 characters: they wrap (a few lines at most, so the
            messages keep the screen) rather than push the conversation past a phone's edge. */}
        <div className="min-w-0 flex-1">
          <h2
            id="conversation-title"
            className="line-clamp-3 text-base font-semibold wrap-anywhere text-slate-900"
          >
            {conversation?.subject ?? 'Conversation'}
          </h2>
          {conversation ? (
            <p className="line-clamp-2 text-xs wrap-anywhere text-slate-600">
              {conversation.caseLabel ?? MESSAGE_MESSAGES.generalConversation}
              {' · '}
              {conversation.clientName}
            </p>
          ) : null}
        </div>
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-2"
        onScroll={(event) => {
          const element = event.currentTarget;
          isNearBottom.current =
            element.scrollHeight - element.scrollTop - element.clientHeight < 120;
          if (element.scrollTop < 80) loadOlder();
        }}
      >
        <ListResults
          query={query}
          loadingLabel={MESSAGE_SCREEN.loadingMessages}
          failedText={MESSAGE_SCREEN_STATES.conversationLoadFailed}
          compact
        >
          {() => (
            <>
              {query.hasNextPage ? (
                <div className="py-2 text-center">
                  <Button
                    size="sm"
                    variant="quiet"
                    onClick={loadOlder}
                    isLoading={query.isFetchingNextPage}
                    loadingText={MESSAGE_SCREEN.loadingMore}
                  >
                    Load older messages
                  </Button>
                </div>
              ) : null}
              {messages.length === 0 ? (
                <p className="p-4 text-center text-sm text-slate-600">
                  {MESSAGE_SCREEN_STATES.noMessages}
                </p>
              ) : null}
              <ol className="space-y-2" aria-label="Messages">
                {messages.map((message, index) => {
                  const previous = messages[index - 1];
                  const isNewDay =
                    !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
                  return (
                    <Fragment key={message.id}>
                      {isNewDay ? (
                        <li className="py-2 text-center">
                          <span
                            role="separator"
                            aria-label={dayLabel(message.createdAt)}
                            className="rounded-full bg-slate-200 px-3 py-0.5 text-xs text-slate-700"
                          >
                            {dayLabel(message.createdAt)}
                          </span>
                        </li>
                      ) : null}
                      <Bubble
                        message={message}
                        conversationId={conversationId}
                        now={now}
                        onWithdraw={setToWithdraw}
                        filingId={fileToCase.isPending ? fileToCase.variables : undefined}
                        onFileToCase={
                          mayFileToCase && conversation?.caseId
                            ? (file) =>
                                void fileToCase
                                  .mutateAsync(file.id)
                                  .then((result) => notify.success(result.message))
                                  .catch((error: unknown) => notify.error(errorText(error)))
                            : undefined
                        }
                      />
                    </Fragment>
                  );
                })}
                {pending ? (
                  <li className="flex justify-end">
                    <article
                      aria-label="Your message, sending"
                      className="max-w-[85%] min-w-0 rounded-lg bg-brand-50/60 px-3 py-2 text-sm wrap-anywhere text-slate-700"
                    >
                      {pending.body ? <p className="whitespace-pre-wrap">{pending.body}</p> : null}
                      {pending.files.map((name) => (
                        <p key={name} className="flex items-start gap-1">
                          <Paperclip aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                          <span className="min-w-0">{name}</span>
                        </p>
                      ))}
                      <p className="mt-1 text-right text-xs text-slate-600">
                        <StateMark state="sending" />
                      </p>
                    </article>
                  </li>
                ) : null}
              </ol>
            </>
          )}
        </ListResults>
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement ? <p key={announcement.id}>{announcement.text}</p> : null}
      </div>
      <Composer
        conversationId={conversationId}
        onSending={setPending}
        onSent={() => {
          void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) });
          void queryClient.invalidateQueries({ queryKey: conversationsKey });
        }}
      />
      {toWithdraw ? (
        <Modal
          title="Withdraw this message?"
          description="It will be removed for everyone, with its attachments. This cannot be undone."
          onClose={() => setToWithdraw(null)}
          isBusy={withdraw.isPending}
          footer={
            <ModalFooter
              onCancel={() => setToWithdraw(null)}
              onAction={() =>
                withdraw.mutate(toWithdraw.id, {
                  onSuccess: () => {
                    setToWithdraw(null);
                    notify.success(MESSAGE_MESSAGES.messageWithdrawn);
                  },
                  onError: (error) =>
                    notify.error(errorText(error, MESSAGE_SCREEN_STATES.withdrawFailed)),
                })
              }
              actionLabel="Withdraw"
              actionVariant="danger"
              busyLabel={MESSAGE_SCREEN.withdrawing}
              isBusy={withdraw.isPending}
            />
          }
        >
          {null}
        </Modal>
      ) : null}
    </section>
  );
}
