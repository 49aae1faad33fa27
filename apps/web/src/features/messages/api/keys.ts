/** Every messaging query starts with this key; a live event refreshes what it concerns. */
export const MESSAGES_KEY = ['messages'] as const;
export const conversationsKey = [...MESSAGES_KEY, 'conversations'] as const;
export const conversationKey = (id: string) => [...MESSAGES_KEY, 'conversation', id] as const;
