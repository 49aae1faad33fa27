import { MESSAGE_MESSAGES, can, type PublicUser, isStaffAccount } from '@firm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { onLiveEvent } from '../../../lib/live-events';
import { notify } from '../../../lib/toasts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { conversationsKey } from '../../../lib/conversation-keys';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewConversationModal } from './new-conversation-modal';

/**
 * /messages: the conversation list and the open conversation side by side on a wide
 * screen; on a phone the list, then the conversation with a Back button. `?c=<id>` opens one,
 * `?waiting=day` lists only those whose client has waited over a day for an answer, `?new=1`
 * starts one, and staff arriving with `?new=1&client=<id>` (the client page's link) find that
 * client already chosen.
 */
export function MessagesScreen({ actor: user }: { actor: PublicUser }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  // `?waiting=day` (the service report's waiting messages) narrows the list until cleared.
  const waiting = params.get('waiting') === 'day' ? 'day' : undefined;
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const isStaff = isStaffAccount(user);
  // Staff choose the client from the client list: only those who may see it start conversations
  // (`messages:start`, the server's rule); a client writes for themself.
  const mayStart = can(user, 'messages:start');
  // `?new=1` (the dashboard's Send Message) opens New Message at once.
  const [isCreating, setIsCreating] = useState(() => mayStart && params.get('new') === '1');
  // Read once: the modal keeps its own choice after the URL is tidied.
  const [linkedClientId] = useState(() => (isStaff ? params.get('client') : null));

  // Any conversation's event: its place, preview and unread count change in the list.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationsKey });
    const stopMessage = onLiveEvent('message', refresh);
    const stopReopened = onLiveEvent('reopened', refresh);
    return () => {
      stopMessage();
      stopReopened();
    };
  }, [queryClient]);

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('new');
    next.delete('client');
    if (id) next.set('c', id);
    else next.delete('c');
    setParams(next);
  };
  const clearWaiting = () => {
    const next = new URLSearchParams(params);
    next.delete('waiting');
    setParams(next);
  };
  const closeNew = () => {
    setIsCreating(false);
    // A reload or Back should not open it again.
    if (params.has('new') || params.has('client')) {
      const next = new URLSearchParams(params);
      next.delete('new');
      next.delete('client');
      setParams(next, { replace: true });
    }
  };

  return (
    // The page's side margins as on every other screen, and the whole of it (list, conversation,
    // composer with Send) within one screen below the sticky header (4rem): nothing to scroll to
    // reach Send on a phone.
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[28rem] w-full max-w-6xl flex-col px-4 py-4 sm:px-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
        {mayStart ? (
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden="true" className="size-4" /> New Message
          </Button>
        ) : null}
      </div>
      {/* minmax(0, …) columns and min-w-0 panes: a long subject, name or link wraps or truncates
          inside its pane instead of widening it past the screen. */}
      <div className="grid min-h-0 flex-1 grid-cols-1 overflow-hidden rounded-lg border border-slate-200 bg-white md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav
          aria-label="Conversations"
          className={`min-h-0 min-w-0 border-slate-200 md:block md:border-r ${selectedId ? 'hidden' : 'block'}`}
        >
          <ConversationList
            search={search}
            onSearch={setSearch}
            selectedId={selectedId}
            onSelect={open}
            showClient={isStaff}
            debouncedSearch={debouncedSearch}
            waiting={waiting}
            onClearWaiting={clearWaiting}
          />
        </nav>
        <div className={`min-h-0 min-w-0 ${selectedId ? 'block' : 'hidden md:block'}`}>
          {selectedId ? (
            <ConversationView
              key={selectedId}
              conversationId={selectedId}
              onBack={() => open(null)}
              mayFileToCase={isStaff && can(user, 'messages:file')}
            />
          ) : (
            <p className="flex h-full items-center justify-center p-6 text-sm text-slate-600">
              Choose a conversation to read it.
            </p>
          )}
        </div>
      </div>
      {isCreating ? (
        <NewConversationModal
          isStaff={isStaff}
          mayListCases={can(user, 'cases:view')}
          actorId={user.id}
          initialClientId={linkedClientId}
          onClose={closeNew}
          onCreated={(created) => {
            setIsCreating(false);
            notify.success(MESSAGE_MESSAGES.conversationCreated);
            open(created.conversation.id);
          }}
        />
      ) : null}
    </div>
  );
}
