import {
  MESSAGE_LIST_TEXTS,
  MESSAGE_MESSAGES,
  MESSAGE_SCREEN,
  type ConversationSummary,
  MESSAGE_SCREEN_STATES,
} from '@firm/shared';
import { Search } from 'lucide-react';
import { FilterNotice } from '../../../components/list/filter-notice';
import { ListResults } from '../../../components/list/list-states';
import { Button } from '../../../components/ui/button';
import { flattenConversations, useConversations } from '../api/list-conversations';
import type { ConversationWaiting } from '@firm/shared/messages/endpoints';
import { listTime } from './message-format';

function previewOf(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return MESSAGE_SCREEN_STATES.noMessagesPreview;
  if (last.withdrawn) return MESSAGE_MESSAGES.withdrawnPlaceholder;
  if (last.preview) return `${last.senderName}: ${last.preview}`;
  if (last.attachmentCount > 0) {
    return `${last.senderName}: ${last.attachmentCount} attachment${last.attachmentCount === 1 ? '' : 's'}`;
  }
  return last.senderName;
}

export interface ConversationListProps {
  search: string;
  onSearch: (value: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Staff see the client's name on each conversation. */
  showClient: boolean;
  /** The search as sent to the API (after a pause in typing). */
  debouncedSearch: string;
  /** A link's filter (`?waiting=day`), said above the list with Show all to clear it. */
  waiting?: ConversationWaiting;
  onClearWaiting?: () => void;
}

export function ConversationList({
  search,
  onSearch,
  selectedId,
  onSelect,
  showClient,
  debouncedSearch,
  waiting,
  onClearWaiting,
}: ConversationListProps) {
  const query = useConversations(debouncedSearch, waiting);
  // The server's whole count, so a report's figure can be checked against its list.
  const total = query.data?.pages[0]?.total;
  const conversations = flattenConversations(query.data?.pages);
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-slate-200 p-3">
        <label className="relative block">
          <span className="sr-only">Search conversations</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Search conversations"
            className="block w-full rounded-md border border-slate-300 py-2 pr-3 pl-9 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
          />
        </label>
        {waiting === 'day' ? (
          <div className="mt-3">
            <FilterNotice text={MESSAGE_LIST_TEXTS.waitingDay} onClear={() => onClearWaiting?.()} />
          </div>
        ) : null}
        {typeof total === 'number' && !query.isError ? (
          // Not a live region: live messages change it often, and the open conversation
          // already announces each arrival.
          <p className="mt-2 text-xs text-slate-600">{MESSAGE_LIST_TEXTS.count(total)}</p>
        ) : null}
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto"
        onScroll={(event) => {
          // Near the end of what is loaded: the next page follows without a click.
          const element = event.currentTarget;
          if (element.scrollHeight - element.scrollTop - element.clientHeight < 200) loadMore();
        }}
      >
        <ListResults
          query={query}
          loadingLabel={MESSAGE_SCREEN.loadingConversations}
          failedText={MESSAGE_SCREEN_STATES.conversationsLoadFailed}
          isEmpty={() => conversations.length === 0}
          empty={{
            title: search.trim()
              ? MESSAGE_SCREEN_STATES.noConversationsFound
              : waiting === 'day'
                ? MESSAGE_LIST_TEXTS.noneWaiting
                : MESSAGE_SCREEN_STATES.noConversations,
          }}
          compact
        >
          {() => (
            <ul aria-label="Conversations">
              {conversations.map((conversation) => {
                const isSelected = conversation.id === selectedId;
                const unread = conversation.unreadCount;
                return (
                  <li key={conversation.id} className="border-b border-slate-100">
                    <button
                      type="button"
                      onClick={() => onSelect(conversation.id)}
                      aria-current={isSelected ? 'true' : undefined}
                      className={`block w-full px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                        isSelected ? 'bg-brand-50' : ''
                      }`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          className={`line-clamp-2 min-w-0 text-sm wrap-anywhere ${unread > 0 ? 'font-bold' : 'font-medium'} text-slate-900`}
                        >
                          {conversation.subject}
                        </span>
                        <time
                          dateTime={conversation.lastMessageAt}
                          className="shrink-0 text-xs text-slate-600"
                        >
                          {listTime(conversation.lastMessageAt)}
                        </time>
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-slate-600">
                        {showClient ? `${conversation.clientName} · ` : ''}
                        {conversation.caseLabel ?? MESSAGE_MESSAGES.generalConversation}
                      </span>
                      <span className="mt-0.5 flex items-center justify-between gap-2">
                        <span className="truncate text-sm text-slate-700">
                          {previewOf(conversation)}
                        </span>
                        {unread > 0 ? (
                          <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {unread}
                            <span className="sr-only"> unread</span>
                          </span>
                        ) : null}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </ListResults>
        {conversations.length > 0 && query.hasNextPage ? (
          <div className="p-3 text-center">
            <Button
              size="sm"
              variant="quiet"
              onClick={loadMore}
              isLoading={query.isFetchingNextPage}
              loadingText={MESSAGE_SCREEN.loadingMore}
            >
              {MESSAGE_SCREEN.loadMoreConversations}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
