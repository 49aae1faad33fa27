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

/**
 * `path` with a list's filters as its query string, in the filters' order: left-out, empty and
 * `all` values are not sent. The web app's lists and the portal's early requests build the same
 * address from the same filters, so an early answer is found (ADR 032).
 */
export function withQuery(path: string, filters: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '' && value !== 'all') {
      params.set(name, String(value));
    }
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Where a request goes: the path's parameters filled in, the query's filters (a list's) added. */
export function requestPath(
  address: EndpointAddress,
  { params, query }: { params?: object; query?: object } = {},
): string {
  const path = (pathOf as (address: EndpointAddress, params?: object) => string)(address, params);
  return query ? withQuery(path, query) : path;
}
