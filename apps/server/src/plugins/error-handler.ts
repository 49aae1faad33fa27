import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiErrorBody } from '@firm/shared';
import { isAppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * When a body field that must be given is missing or blank, answer this as the 400's message
     * (the per-field messages stay in `errors`). SPEC section 5's 'Please fill in all required
     * fields' for the user-management forms.
     */
    missingFieldsMessage?: string;
  }
}

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
