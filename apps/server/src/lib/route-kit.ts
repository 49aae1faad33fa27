import { apiErrorSchema } from '@firm/shared';
import type { FastifyRequest } from 'fastify';

/** What a service records of who asked (the audit log's `ip`): the address behind the proxy. */
export interface RequestMeta {
  ip: string;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/** A route schema's error answers (the error contract `{ message, code?, errors? }`, docs/product-rules.md#wire-contract) for `statuses`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
