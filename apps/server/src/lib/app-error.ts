import type { ErrorCode } from '@firm/shared';

/**
 * The one error type of the API. Services throw it; the error handler turns it into
 * `{ message, code?, errors? }` with its status. Its message is shown to people as is.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly errors?: Record<string, string>,
    /** More the answer carries beside `message` (a lost booking race: the times still free). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(
    message: string,
    errors?: Record<string, string>,
    code: ErrorCode = 'BAD_REQUEST',
  ) {
    return new AppError(400, message, code, errors);
  }
  static unauthorized(message: string, code: ErrorCode = 'UNAUTHORIZED') {
    return new AppError(401, message, code);
  }
  static forbidden(message: string, code: ErrorCode = 'FORBIDDEN') {
    return new AppError(403, message, code);
  }
  static notFound(message: string, code: ErrorCode = 'NOT_FOUND') {
    return new AppError(404, message, code);
  }
  static conflict(message: string, code: ErrorCode = 'CONFLICT', data?: Record<string, unknown>) {
    return new AppError(409, message, code, undefined, data);
  }
  static tooManyRequests(message: string, code: ErrorCode = 'TOO_MANY_REQUESTS') {
    return new AppError(429, message, code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
