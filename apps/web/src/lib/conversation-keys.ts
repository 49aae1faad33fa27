/**
 * Messaging's query keys. In lib, not in the messages feature, because the client page lists a
 * client's conversations too (features do not import each other): keyed under
 * `conversationsKey`, its list is refreshed by whatever refreshes the Messages screen's (a read
 * mark, a live message, a new conversation).
 */
/** Every messaging query starts with this key; a live event refreshes what it concerns. */
export const MESSAGES_KEY = ['messages'] as const;
export const conversationsKey = [...MESSAGES_KEY, 'conversations'] as const;
export const conversationKey = (id: string) => [...MESSAGES_KEY, 'conversation', id] as const;
