import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiErrorBody } from '@firm/shared';
import { isAppError } from '../lib/app-error';

/** Fastify's own 4xx codes that say something useful about the request, in our words. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
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
      const message =
        CLIENT_ERROR_MESSAGES[error.code] ??
        (status === 429 ? MESSAGES.tooManyRequests : 'Bad request');
      return reply.status(status).send({ message, code: error.code } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ message: MESSAGES.serverError, code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
  });
});
