import type { z, ZodType } from 'zod';
import type { EndpointAddress, EndpointAddresses, PathParamNames } from './endpoints';

/**
 * An endpoint's shape: what the server validates and answers, and what the web app's request sends
 * and reads, from one declaration (ADR 044). The server's route takes its schemas from here
 * (`contractRoute`, apps/server/src/lib/route-kit.ts); the web app's requests take their types
 * (`endpointClient`, apps/web/src/lib/endpoint-client.ts).
 */
export interface EndpointShape {
  /** One line for the API description (docs/api/openapi.json). */
  readonly summary: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The success answer's schema; `'file'` for bytes sent as a download (a PDF, a CSV). */
  readonly response: ZodType | 'file';
  /** The success status when it is not 200. */
  readonly status?: 201 | 202 | 204;
  /** Left out of the API description: called by a provider (Safaricom), not by the API's clients. */
  readonly hidden?: true;
}

export type Endpoint = EndpointAddress & EndpointShape;

/** The shapes of a feature's endpoints, one per address, keyed alike. */
type ShapesFor<A extends EndpointAddresses> = {
  readonly [K in keyof A]: EndpointShape &
    // A path with parameters needs a params schema naming each of them.
    (PathParamNames<A[K]['path']> extends never
      ? unknown
      : { readonly params: ZodType<Record<PathParamNames<A[K]['path']>, unknown>> });
};

export type Contract<A extends EndpointAddresses, S extends ShapesFor<A>> = {
  readonly [K in keyof A]: A[K] & S[K];
};

/**
 * A feature's contract: each address of `addresses` with its shape. A name in one and not the
 * other, or a path parameter without its schema, does not compile.
 */
export function defineContract<
  const A extends EndpointAddresses,
  const S extends ShapesFor<A> & Record<Exclude<keyof S, keyof A>, never>,
>(addresses: A, shapes: S): Contract<A, S> {
  return Object.fromEntries(
    Object.entries(addresses).map(([name, address]) => [name, { ...address, ...shapes[name] }]),
  ) as Contract<A, S>;
}

/**
 * A list's query as a screen's filters hold it: any field left out, or empty, or `all` (the
 * filter's "any" choice), which the request does not send.
 */
export type ListFilters<Q> = { readonly [K in keyof Q]?: Q[K] | 'all' | '' | null };

/** What a request to `E` carries: its path parameters, query and body, each as the schema reads it. */
export type EndpointInput<E extends Endpoint> = (E extends { params: infer P extends ZodType }
  ? { readonly params: z.input<P> }
  : unknown) &
  (E extends { query: infer Q extends ZodType }
    ? { readonly query?: ListFilters<z.input<Q>> }
    : unknown) &
  (E extends { body: infer B extends ZodType } ? { readonly body: z.input<B> } : unknown);

/** What `E` answers on success (the response schema's output, as the server serialises it). */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends ZodType
  ? z.output<E['response']>
  : never;
