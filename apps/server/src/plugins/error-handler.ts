import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiErrorBody } from '@firm/shared';
import { isAppError } from '../lib/app-error';

/** Fastify's own 4xx errors that say something useful about the request, in our words. */
const CLIENT_ERRORS: Record<string, ApiErrorBody> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: MESSAGES.malformedJson, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large', code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Unsupported content type',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Invalid content length', code: 'BAD_REQUEST' },
};

function fieldErrors(
  issues: { instancePath: string; message?: string | undefined }[],
): Record<string, string> {
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
      const errors = fieldErrors(error.validation);
      const body: ApiErrorBody = {
        message: Object.values(errors)[0] ?? MESSAGES.validationFailed,
        code: 'VALIDATION_ERROR',
        errors,
      };
      return reply.status(400).send(body);
    }
    if (isAppError(error)) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = CLIENT_ERRORS[error.code] ?? {
        message: status === 429 ? MESSAGES.tooManyRequests : 'Bad request',
        code: status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST',
      };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ message: MESSAGES.serverError, code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
  });
});
