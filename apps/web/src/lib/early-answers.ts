import { API_BASE } from './api-base';
import { getStoredToken } from './auth-storage';

/**
 * Answers asked for before the code that needs them has arrived: on a portal page, the session
 * check and the screen's first data, sent by app/first-requests.ts as the page starts, beside
 * React's download rather than after it and the first render (ADR 032). Each is handed to the
 * first GET of the same address made with the same token within EARLY_ANSWER_MS, once
 * (lib/api-client.ts). A failed one is dropped unread: the code then asks itself, and a refusal
 * reaches the session as any other. Nothing is shown before the guard has let a screen through;
 * only the waiting is shorter.
 *
 * Kept apart from the API client, which reads the shared texts: this module and what it imports
 * load before React does.
 */
interface EarlyAnswer {
  token: string;
  text: Promise<string | null>;
}
const earlyAnswers = new Map<string, EarlyAnswer>();
const EARLY_ANSWER_MS = 15_000;

/** An address with its query's names in order: the screen may name its filters in another order. */
function addressKey(path: string): string {
  const at = path.indexOf('?');
  if (at === -1) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${path.slice(0, at)}?${query}` : path.slice(0, at);
}

/** Sends these GETs now, with the stored token, for the code about to ask for them. */
export function askEarly(paths: readonly string[]): void {
  const token = getStoredToken();
  if (!token) return;
  for (const path of paths) {
    const key = addressKey(path);
    if (earlyAnswers.has(key)) continue;
    const text = fetch(`${API_BASE}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    })
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null);
    const answer = { token, text };
    earlyAnswers.set(key, answer);
    // Not asked for in time (the guard sent the person elsewhere): later data is asked anew.
    setTimeout(() => {
      if (earlyAnswers.get(key) === answer) earlyAnswers.delete(key);
    }, EARLY_ANSWER_MS);
  }
}

/** The early answer's text for this GET, if one was asked for with this token (and succeeded). */
export async function takeEarlyAnswer(path: string, token: string): Promise<string | null> {
  const key = addressKey(path);
  const early = earlyAnswers.get(key);
  if (!early) return null;
  earlyAnswers.delete(key);
  if (early.token !== token) return null;
  return early.text;
}
