import type { Endpoint, EndpointAnswer, EndpointInput } from '@firm/shared/common/contract';
import { requestPath, type EndpointAddress } from '@firm/shared/common/endpoints';
import { apiRequest } from './api-client';

/** A call of one endpoint: its input as the contract types it, its answer as the contract types it. */
export type EndpointCall<E extends Endpoint> = (
  input: EndpointInput<E>,
  signal?: AbortSignal,
) => Promise<EndpointAnswer<E>>;

/** The addresses (method and path) of a contract's endpoints, which the web app holds at run time. */
type AddressesOf<C extends Record<string, Endpoint>> = {
  readonly [K in keyof C]: EndpointAddress & Pick<C[K], 'method' | 'path'>;
};

/**
 * A feature's requests, one per endpoint of its contract in packages/shared (ADR 044): the path
 * and method from the feature's `endpoints.ts`, the types of what is sent and answered from its
 * `contract.ts`, which is imported as a type only, so no schema (and no zod) joins the page's
 * scripts (ADR 008). A list's query leaves out empty and `all` filters (`withQuery`).
 */
export function endpointClient<C extends Record<string, Endpoint>>(
  addresses: AddressesOf<C>,
): { readonly [K in keyof C]: EndpointCall<C[K]> } {
  return Object.fromEntries(
    Object.entries(addresses).map(([name, address]) => [
      name,
      (input: object, signal?: AbortSignal) =>
        apiRequest(address.method, requestPath(address, input), {
          body: (input as { body?: unknown }).body,
          signal,
        }),
    ]),
  ) as never;
}
