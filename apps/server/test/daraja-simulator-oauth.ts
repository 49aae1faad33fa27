import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The local Daraja's OAuth API (daraja-simulator.ts): GET /oauth/v1/generate with Basic
 * key:secret issues a token that expires on the simulator's clock; revoked or expired, the next
 * call with it is refused.
 */
export function createDarajaOAuth(options: {
  consumerKey: string;
  consumerSecret: string;
  expiresInSeconds: number;
  now: () => Date;
}) {
  const { consumerKey, consumerSecret, expiresInSeconds, now } = options;
  const tokens = new Map<string, { expiresAtMs: number; revoked: boolean }>();
  const state = { tokenRequests: 0 };

  function tokenAnswer(request: IncomingMessage, url: URL) {
    state.tokenRequests += 1;
    if (request.method !== 'GET') return { status: 405, body: {} };
    const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return {
        status: 400,
        body: { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' },
      };
    }
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' },
      };
    }
    const token = randomUUID().replaceAll('-', '').slice(0, 28);
    tokens.set(token, { expiresAtMs: now().getTime() + expiresInSeconds * 1000, revoked: false });
    return { status: 200, body: { access_token: token, expires_in: String(expiresInSeconds) } };
  }

  function hasValidToken(request: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    return Boolean(token && !token.revoked && now().getTime() < token.expiresAtMs);
  }

  return {
    tokenAnswer,
    hasValidToken,
    /** How many token requests arrived (right or wrong credentials). */
    get tokenRequests() {
      return state.tokenRequests;
    },
    /** Revokes every token issued so far: the next call with one answers 401. */
    expireTokens() {
      for (const token of tokens.values()) token.revoked = true;
    },
  };
}
