import type { FastifyRequest } from 'fastify';

/**
 * What the log may say about an error. Database errors carry what the query was given: Drizzle's
 * DrizzleQueryError has `params` and puts them in its message ("params: <hash>,<name>,…"), PGlite
 * errors carry `params`, and PostgreSQL's `detail` repeats values ("Key (email)=(…) exists").
 * Those are password hashes, names, phone numbers, whole messages. Only these keys are kept: the
 * SQL state code, the constraint, table and column it names, the SQL text (placeholders only).
 */
const SAFE_ERROR_KEYS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'query',
  'errno',
  'syscall',
] as const;

const MAX_CAUSE_DEPTH = 5;

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/**
 * What the log keeps of `error` and its causes: type, message and stack, and the keys above,
 * never what a query was given.
 */
export function scrubError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    // Something thrown that is not an Error: its type only, since its content is unknown.
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  const source = error as Error & Record<string, unknown>;
  // Drizzle writes "Failed query: <sql>\nparams: <values>": only the first line may go.
  const message = 'params' in source ? firstLine(error.message) : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of SAFE_ERROR_KEYS) {
    if (source[key] !== undefined) logged[key] = source[key];
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    logged.cause = scrubError(error.cause, depth + 1);
  }
  return logged;
}

/**
 * Path parameters that are secrets, not ids: an M-Pesa callback's and an SMS delivery report's
 * shared secret (`/api/mpesa/callback/:secret`, `/api/deliveries/sms-reports/:secret`) and a
 * calendar feed's token (`/api/calendar/:file`, `<token>.ics`, ADR 025). Whoever reads the log
 * could otherwise forge payments and delivery reports or read a diary. A new route with a secret
 * in its path names its parameter one of these (log.test.ts checks every route).
 */
export const SECRET_PATH_PARAMS = ['secret', 'file'] as const;

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The URL for the log: every query parameter keeps its name and loses its value. Values are what
 * people typed (a search for a client's name, `?search=…`) or secrets (a reset link's `token`):
 * neither belongs in a log (ADR 023). The path stays, since it holds ids, except its segments
 * holding one of `secrets` (the values of the route's SECRET_PATH_PARAMS), however encoded.
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const path = secrets.some((secret) => secret !== '')
    ? rawPath
        .split('/')
        .map((segment) => (secrets.includes(decodedSegment(segment)) ? '[REDACTED]' : segment))
        .join('/')
    : rawPath;
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? pair : `${pair.slice(0, equals)}=[REDACTED]`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The values of the request's secret path parameters (none before routing, or on a 404). */
function secretParams(request: FastifyRequest): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return SECRET_PATH_PARAMS.map((name) => params[name]).filter(
    (value): value is string => typeof value === 'string',
  );
}

/**
 * Serializers for the app's logger: Fastify's own, with the URL's query values redacted and errors
 * scrubbed of the values their query was given.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url, secretParams(request)),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (error: unknown) => scrubError(error),
};
