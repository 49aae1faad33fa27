import { afterEach } from 'vitest';
import { aClient } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { MessagesScreen } from './messages-screen';
import { CONVERSATION_ID } from './messages-test-data';

/**
 * What the messages screen tests (messages-screen.*.test.tsx) share: the list's and page's
 * requests, the screen rendered, and session storage cleared after each test.
 */

export const LIST = 'GET /conversations?unread=first&limit=50&page=1';
export const PAGE = `GET /conversations/${CONVERSATION_ID}/messages?limit=50`;

export function renderScreen(path = '/messages', actor = aClient()) {
  const element = <MessagesScreen actor={actor} />;
  return renderWithApp(null, { path, routeTable: [{ path: '/messages', element }] });
}

/** Clears session storage (the draft a test left) after each test. */
export function clearSessionStorageAfterEach() {
  afterEach(() => sessionStorage.clear());
}
