/**
 * Where an endpoint is: its method and its path under `/api`, with `:name` for each path
 * parameter. Each feature lists its endpoints' addresses in `<feature>/endpoints.ts` and their
 * shapes (params, query, body, answer) in `<feature>/contract.ts`, keyed alike
 * (docs/architecture.md#one-contract-per-endpoint, ADR 044). The addresses carry no zod, so the
 * web app's requests import them without the schemas (ADR 008: zod loads only with a form).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointAddress {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
}

/** The names of a path's `:name` parameters: `'/fee-notes/:id/pdf'` gives `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What fills a path's parameters: one value per name. */
export type PathParams<P extends string> = Readonly<Record<PathParamNames<P>, string | number>>;

/**
 * The path of `address` with its parameters filled in, each encoded as one path segment. A
 * parameter left out is an error, not the literal `:name` in a request.
 */
export function pathOf<A extends EndpointAddress>(
  address: A,
  ...[params]: PathParamNames<A['path']> extends never ? [] : [PathParams<A['path']>]
): string {
  return address.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`${address.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A feature's endpoints by name; `defineEndpoints` keeps their literal types. */
export type EndpointAddresses = Readonly<Record<string, EndpointAddress>>;

export const defineEndpoints = <const A extends EndpointAddresses>(addresses: A): A => addresses;
