import { MESSAGE_PAGE_DEFAULT } from '../common/constants';

/**
 * Secure messaging: limits, the server's answers and the notification email. The
 * prototype only promised chat at /messages, so these texts are ours (docs/texts.md); defined once, used by the
 * server and the screens.
 */
export const MESSAGE_LIMITS = {
  subjectMax: 200,
  bodyMax: 5000,
  searchMax: 100,
  /** Files sent with one message. */
  attachmentsMax: 5,
  /** Staff named on a new conversation. */
  staffMax: 10,
  /** The newest page of a conversation, and the most one page may hold. */
  pageDefault: MESSAGE_PAGE_DEFAULT,
  pageMax: 100,
  /** A sender may withdraw a message this long after sending it. */
  withdrawWindowMinutes: 5,
  /** A recipient who has not read a message for this long gets the email… */
  emailAfterMinutes: 10,
  /** …at most once per conversation per this many minutes. */
  emailEveryMinutes: 60,
} as const;

export const MESSAGE_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  bodyRequired: 'Please write a message',
  bodyOrFileRequired: 'Please write a message or attach a file',
  clientRequired: 'Please choose the client',
  clientNotFound: 'That client was not found',
  caseNotFound: 'That case was not found',
  staffNotFound: 'One of the people named was not found',
  staffNotForClients: 'Only the firm names the people a conversation reaches',
  membersDenied: 'You do not have permission to change who a conversation reaches',
  membersChanged: 'The people named on the conversation were updated',
  invalidConversationId: 'Invalid conversation id',
  invalidMessageId: 'Invalid message id',
  invalidAttachmentId: 'Invalid attachment id',
  invalidCursor: 'Invalid cursor: use the "before" value of the previous page',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  viewDenied: 'You do not have permission to view messages',
  startDenied: 'You do not have permission to start conversations',
  fileDenied: 'You do not have permission to file documents to cases',
  tooManyFiles: (max: number) => `You can attach at most ${max} files to one message`,
  withdrawNotYours: 'Only the sender can withdraw a message',
  withdrawTooLate: (minutes: number) =>
    `A message can only be withdrawn within ${minutes} minutes of sending it`,
  alreadyWithdrawn: 'This message has already been withdrawn',
  noCase: 'This conversation is not about a case, so its files cannot be filed to one',
  conversationCreated: 'Message sent',
  messageSent: 'Message sent',
  messageWithdrawn: 'Message withdrawn',
  markedRead: 'Conversation marked as read',
  filedToCase: 'File added to the case documents',
  /** A second "File to case" of the same attachment answers with the document filed the first time. */
  alreadyFiledToCase: 'This file is already in the case documents',
  /** Beside an attachment once filed, linking to the case, instead of "File to case" again. */
  filedToLabel: (caseNumber: string, caseTitle: string) => `Filed to ${caseNumber} · ${caseTitle}`,
  /** Shown in place of a withdrawn message's body. */
  withdrawnPlaceholder: 'This message was withdrawn',
  generalConversation: 'General',

  // The notification email: who wrote and where to read it, never the message itself.
  emailSubject: 'You have a new message',
  emailBody: (sender: string, link: string) =>
    `You have a new message from ${sender}.\n\nTo read it, sign in to your portal:\n${link}\n\nFor your privacy, messages are not sent by email.`,
  /** Added to a person's copy (not the firm's shared address): the email can be switched off. */
  emailPreferenceLine: (profileLink: string) =>
    `You can switch these emails off under Profile Settings: ${profileLink}`,
  /** The sender named to a client when the firm wrote. */
  firmSender: 'Mwamba & Associates Advocates',

  // The bell's entry for a new message: who wrote, never what.
  notificationTitle: 'New message',
  notificationText: (sender: string) => `You have a new message from ${sender}.`,
} as const;

/** What the /messages screen says: the server's answers are in MESSAGE_MESSAGES. */
export const MESSAGE_SCREEN = {
  /**
   * The polite announcement of a message arriving in the open conversation. The time tells two
   * messages of one sender apart; each is also a new node, which screen readers announce anew.
   */
  newMessageFrom: (sender: string, time: string) => `New message from ${sender}, ${time}`,
  loadMoreConversations: 'Load more conversations',
  loadingMore: 'Loading…',
  loadingConversations: 'Loading conversations…',
  loadingMessages: 'Loading messages…',
  withdrawing: 'Withdrawing…',
  attachFiles: 'Attach files',
  attachments: 'Attachments',
  removeFile: (name: string) => `Remove ${name}`,
  uploadingFile: (name: string) => `Uploading ${name}`,
  dropHint: 'Drop files here or use Attach files (at most 5).',
  colleagues: 'Colleagues to include',
  colleaguesHint: 'They are named on the conversation: it reaches them and they get its emails.',
  chosenClient: 'Chosen client',
} as const;

/** The /messages screen's failure and empty texts; the server's own answer is shown when it gives one. */
export const MESSAGE_SCREEN_STATES = {
  conversationsLoadFailed: 'Failed to load conversations',
  conversationLoadFailed: 'Failed to load the conversation',
  clientsLoadFailed: 'Failed to load clients',
  sendFailed: 'Failed to send the message',
  withdrawFailed: 'Failed to withdraw the message',
  /** Above the composer, with Retry: the draft is kept. */
  notSent: (reason: string) => `Your message was not sent: ${reason}`,
  noConversationsFound: 'No conversations match your search.',
  noConversations: 'No conversations yet. Start one with New Message.',
  noMessages: 'No messages yet.',
  /** A conversation's preview in the list before its first message. */
  noMessagesPreview: 'No messages yet',
  noClientsMatch: 'No clients match.',
} as const;

/** The conversation list's count, and the filter only a link sets (the service report's waiting). */
export const MESSAGE_LIST_TEXTS = {
  count: (total: number) => `${total} ${total === 1 ? 'conversation' : 'conversations'}`,
  waitingDay: 'Showing conversations where a client has waited over a day for an answer.',
  noneWaiting: 'No client has waited over a day for an answer.',
} as const;
