import { apiErrorSchema } from '@firm/shared';
import type { Endpoint } from '@firm/shared/common/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/** What a service records of who asked (the audit log's `ip`): the address behind the proxy. */
export interface RequestMeta {
  ip: string;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502;

/** A route schema's error answers (the error contract `{ message, code?, errors? }`, docs/product-rules.md#wire-contract) for `statuses`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

type Statused<E extends Endpoint> = E extends { status: infer S extends number } ? S : 200;

/** The Fastify schema of an endpoint of the contract: its shape, its tags and its error answers. */
type ContractSchema<E extends Endpoint, Errors> = {
  tags: string[];
  summary: string;
  hide?: true;
  response: Errors & (E['response'] extends ZodType ? Record<Statused<E>, E['response']> : unknown);
} & (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown);

/**
 * A route's method, path and schema from its endpoint in packages/shared's contract (ADR 044), to
 * spread into `app.route({ ...contractRoute(…), onRequest, handler })`: the path, what is
 * validated and what is answered are the contract's, so the web app's requests and the API
 * description cannot drift from the route.
 */
export function contractRoute<const E extends Endpoint, Errors extends Record<number, ZodType>>(
  endpoint: E,
  { tags, errors }: { tags: string[]; errors: Errors },
): { method: E['method']; url: E['path']; schema: ContractSchema<E, Errors> } {
  const response: Record<number, ZodType> = { ...errors };
  if (endpoint.response !== 'file') response[endpoint.status ?? 200] = endpoint.response;
  // No answer described at all (a file's stream with no errors named) leaves the API
  // description's default; an empty map would describe the answer as `{}`.
  const schema: Record<string, unknown> = { tags, summary: endpoint.summary };
  if (Object.keys(response).length > 0) schema.response = response;
  if (endpoint.hidden) schema.hide = true;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as ContractSchema<E, Errors>,
  };
}
