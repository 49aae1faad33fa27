import { PAYBILL_REGISTER_TEXTS as T } from '@firm/shared';
import { PAYBILL_ENDPOINTS } from '@firm/shared/paybill/endpoints';

/**
 * The addresses the firm registers with Safaricom's C2B Register URL API (ADR 048): the
 * confirmation and validation routes on PUBLIC_URL with the callback secret in their path.
 * Safaricom refuses, or silently never calls, an address that is not HTTPS or that carries one of
 * the words its documentation tells integrators to avoid, in any case; we refuse first, in plain
 * words, rather than let the firm believe the paybill is connected.
 */
export const REGISTER_URL_FORBIDDEN_WORDS = [
  'm-pesa',
  'mpesa',
  'safaricom',
  'exec',
  'exe',
  'cmd',
  'sql',
  'query',
] as const;

export interface RegisterAddresses {
  confirmationUrl: string;
  validationUrl: string;
}

const onPublicUrl = (publicUrl: string, path: string, secret: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api${path.replace(':secret', encodeURIComponent(secret))}`;

/** Hosts a test or a developer's own machine uses; Safaricom itself never reaches them. */
const isLocal = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** The two addresses, or the plain reason they cannot be registered. */
export function registerAddresses(
  publicUrl: string,
  secret: string,
): { ok: true; addresses: RegisterAddresses } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return { ok: false, message: T.notHttps };
  }
  // Plain http is allowed for localhost only: the tests' simulator listens there (ADR 048).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocal(url.hostname))) {
    return { ok: false, message: T.notHttps };
  }
  const addresses = {
    confirmationUrl: onPublicUrl(publicUrl, PAYBILL_ENDPOINTS.c2bConfirmation.path, secret),
    validationUrl: onPublicUrl(publicUrl, PAYBILL_ENDPOINTS.c2bValidation.path, secret),
  };
  for (const address of Object.values(addresses)) {
    const lower = address.toLowerCase();
    const word = REGISTER_URL_FORBIDDEN_WORDS.find((each) => lower.includes(each));
    if (word) return { ok: false, message: T.forbiddenWord(word) };
  }
  return { ok: true, addresses };
}
