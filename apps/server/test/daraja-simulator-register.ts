import { randomUUID } from 'node:crypto';
import { badRequest } from './daraja-simulator-formats';

/**
 * The local Daraja's C2B Register URL API (`/mpesa/c2b/v1/registerurl`, ADR 048): the body is
 * checked as Daraja does (the shortcode the app owns, ResponseType "Completed" or "Cancelled",
 * absolute http(s) addresses without the words Safaricom forbids), and the addresses registered
 * last are kept for the test to read.
 */
const FORBIDDEN = /m-?pesa|safaricom|exe|cmd|sql|query/i;

export interface RegisteredUrls {
  shortCode: string;
  responseType: string;
  confirmationUrl: string;
  validationUrl: string;
}

export function createRegisterUrl(options: { shortcode: string }) {
  const state: { registered: RegisteredUrls | null; count: number } = {
    registered: null,
    count: 0,
  };
  const isAddress = (value: unknown): value is string => {
    if (typeof value !== 'string') return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !FORBIDDEN.test(value);
    } catch {
      return false;
    }
  };

  function registerAnswer(fields: Record<string, unknown>) {
    if (String(fields.ShortCode ?? '') !== options.shortcode) return badRequest('ShortCode');
    if (fields.ResponseType !== 'Completed' && fields.ResponseType !== 'Cancelled') {
      return badRequest('ResponseType');
    }
    if (!isAddress(fields.ConfirmationURL)) return badRequest('ConfirmationURL');
    if (!isAddress(fields.ValidationURL)) return badRequest('ValidationURL');
    state.registered = {
      shortCode: options.shortcode,
      responseType: fields.ResponseType,
      confirmationUrl: fields.ConfirmationURL,
      validationUrl: fields.ValidationURL,
    };
    state.count += 1;
    return {
      status: 200,
      body: {
        OriginatorCoversationID: randomUUID(),
        ResponseCode: '0',
        ResponseDescription: 'success',
      },
    };
  }

  return {
    registerAnswer,
    /** What was registered last (null: nothing yet). */
    get registered() {
      return state.registered;
    },
    get registrations() {
      return state.count;
    },
  };
}
