import { CLIENT_MESSAGES, can, type PublicUser } from '@firm/shared';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list/list-states';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { useClientConversations } from '../api/client-conversations';

/**
 * The client's conversations on their page: subject (opening it under Messages), case, the last
 * message's time in Nairobi and what the caller has not read. The server decides which ones the
 * caller may see, as on the Messages screen.
 */
export function ClientConversations({ clientId, actor }: { clientId: string; actor: PublicUser }) {
  const query = useClientConversations(clientId);
  const isNamedOnly = !can(actor, 'messages:all');
  return (
    <>
      {isNamedOnly ? (
        <p className="mb-3 text-sm text-slate-600">{CLIENT_MESSAGES.conversationsNamedOnly}</p>
      ) : null}
      <ListResults
        query={query}
        loadingLabel={CLIENT_MESSAGES.loadingConversations}
        failedText={CLIENT_MESSAGES.conversationsLoadFailed}
        isEmpty={(data) => data.conversations.length === 0}
        empty={{ title: CLIENT_MESSAGES.noConversations }}
      >
        {({ conversations, total }) => (
          <>
            <ul className="divide-y divide-slate-100">
              {conversations.map((conversation) => (
                <li
                  key={conversation.id}
                  className="flex flex-wrap items-start justify-between gap-2 py-2"
                >
                  <span className="min-w-0">
                    <Link
                      to={`/messages?c=${encodeURIComponent(conversation.id)}`}
                      className="block font-medium break-words text-brand-800 underline-offset-2 hover:underline"
                    >
                      {conversation.subject}
                    </Link>
                    <span className="block text-sm break-words text-slate-600">
                      {conversation.caseLabel ?? CLIENT_MESSAGES.generalConversation}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {CLIENT_MESSAGES.lastMessageAt(formatDateTime(conversation.lastMessageAt))}
                    </span>
                  </span>
                  {conversation.unreadCount > 0 ? (
                    <Badge tone="blue">{CLIENT_MESSAGES.unread(conversation.unreadCount)}</Badge>
                  ) : null}
                </li>
              ))}
            </ul>
            {total > conversations.length ? (
              <p className="mt-3 text-sm text-slate-600">
                {CLIENT_MESSAGES.moreConversations(conversations.length, total)}
              </p>
            ) : null}
          </>
        )}
      </ListResults>
    </>
  );
}
