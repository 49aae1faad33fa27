import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiErrorBody } from '@firm/shared';
import { isAppError } from '../lib/app-error';
import { PERMISSIONS_POLICY } from './security';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * When a body field that must be given is missing or blank, answer this as the 400's message
     * (the per-field messages stay in `errors`): 'Please fill in all required fields' for the
     * user-management forms (docs/texts.md).
     */
    missingFieldsMessage?: string;
  }
}

/** Fastify's own 4xx errors that say something useful about the request, in our words. */
const CLIENT_ERRORS: Record<string, ApiErrorBody> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: MESSAGES.bodyTooLarge, code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: MESSAGES.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: MESSAGES.invalidContentLength,
    code: 'BAD_REQUEST',
  },
};

/** Any other 4xx, by status: the body never repeats what the request sent. */
const STATUS_ERRORS: Record<number, ApiErrorBody> = {
  400: { message: MESSAGES.badRequest, code: 'BAD_REQUEST' },
  403: { message: MESSAGES.forbidden, code: 'FORBIDDEN' },
  404: { message: MESSAGES.routeNotFound, code: 'NOT_FOUND' },
  405: { message: MESSAGES.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' },
  408: { message: MESSAGES.requestTimeout, code: 'REQUEST_TIMEOUT' },
  413: { message: MESSAGES.bodyTooLarge, code: 'BODY_TOO_LARGE' },
  414: { message: MESSAGES.uriTooLong, code: 'URI_TOO_LONG' },
  415: { message: MESSAGES.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
  431: { message: MESSAGES.headersTooLarge, code: 'HEADERS_TOO_LARGE' },
};

/** The contract body for a client error status (400 for one without its own entry). */
const BUSY_RETRY_AFTER_SECONDS = 5;
/**
 * SQLSTATEs of a database that is overloaded or going away, not of a bad request or a bug: too
 * many connections, shutting down, cannot connect now, and the connection-exception class.
 */
const BUSY_SQLSTATES = /^(53300|57P01|57P02|57P03|08\w{3})$/;

/**
 * A request that failed because the database is saturated or unreachable (the pool's wait for a
 * connection ran out under a burst, the server restarts): a 503 with Retry-After tells the client
 * to try again, where a 500 would say the request itself broke something (a burst of
 * 100 bookings on a loaded machine once answered 99 × 500).
 */
function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && BUSY_SQLSTATES.test(code)) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  // node-postgres's Pool gives these plain Errors, without a code.
  return /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(
    error.message,
  );
}

export function clientErrorBody(status: number, fastifyCode?: string): ApiErrorBody {
  return (
    (fastifyCode ? CLIENT_ERRORS[fastifyCode] : undefined) ??
    STATUS_ERRORS[status] ?? { message: MESSAGES.badRequest, code: 'BAD_REQUEST' }
  );
}

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding (`/%ff`) or a path
 * parameter longer than `maxParamLength`. Fastify's own answer would echo the URL in a body of
 * its own shape; this one keeps the contract. No route ran, so no hook set the usual headers.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const body =
    error.code === 'FST_ERR_BAD_URL'
      ? { message: MESSAGES.badUrl, code: 'BAD_URL' }
      : clientErrorBody(status);
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('permissions-policy', PERMISSIONS_POLICY)
    .send(body);
}

const URI_MAX_BYTES = 8 * 1024;

/**
 * Node's `clientError`: the request could not even be parsed (a bad Content-Length, headers over
 * the size limit, a request that did not arrive in time). Fastify's default writes a body of its
 * own shape; this writes the contract's, then closes the connection as Node does.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    status = 408;
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line counts towards Node's header limit: when the line alone is longer than
    // the 8 KiB most servers allow an address, it is the address that is too long.
    const raw: unknown = error.rawPacket;
    const lineEnd = Buffer.isBuffer(raw) ? raw.indexOf('\r\n') : 0;
    status = lineEnd === -1 || lineEnd > URI_MAX_BYTES ? 414 : 431;
  }
  if (socket.writable) {
    const body = JSON.stringify(clientErrorBody(status));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: no-store\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** A field left out, null or of the wrong type, or a required text left blank. */
function isMissingField(issue: ValidationIssue): boolean {
  if (issue.keyword === 'invalid_type') return true;
  return (
    issue.keyword === 'too_small' && issue.params?.origin === 'string' && issue.params.minimum === 1
  );
}

function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/**
 * One error contract for the whole API: `{ message, code?, errors? }`. A 5xx answers a generic
 * message and is logged with its request id; nothing internal (stack, SQL, paths) leaves here.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as ValidationIssue[];
      const errors = fieldErrors(issues);
      const missingFieldsMessage = request.routeOptions.config?.missingFieldsMessage;
      const isMissingBodyField =
        missingFieldsMessage !== undefined &&
        error.validationContext === 'body' &&
        issues.some(isMissingField);
      const body: ApiErrorBody = {
        message: isMissingBodyField
          ? missingFieldsMessage
          : (Object.values(errors)[0] ?? MESSAGES.validationFailed),
        code: 'VALIDATION_ERROR',
        errors,
      };
      return reply.status(400).send(body);
    }
    // @fastify/static refuses a non-canonical path (`//`, `/./`, `/../`) with 403. None of our
    // files has such a path: it is an unknown address like any other (404, JSON under /api).
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    if (isAppError(error)) {
      const body: ApiErrorBody = { ...error.data, message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(body);
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy or unreachable: answered 503');
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ message: MESSAGES.serviceBusy, code: 'SERVICE_BUSY' } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(clientErrorBody(status, error.code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ message: MESSAGES.serverError, code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
  });
});
