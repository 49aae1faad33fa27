/**
 * How long the server waits on a client (a body sent a byte a minute held a connection
 * forever, because Fastify's default request timeout is none). The figures are for the slowest
 * visitor we serve: a phone on a poor 3G link (~100–400 kbit/s up, 1–2 s round trips).
 */
export interface HttpTimeouts {
  /**
   * The whole request, headers and body, must arrive within this. Our bodies are JSON forms
   * (a few KB; 1 MiB at most, which even 300 kbit/s sends in under 30 s). Document uploads, when
   * they come, will need a longer limit of their own.
   */
  requestMs: number;
  /** The headers alone: a few hundred bytes, so a client that has not sent them is stalling. */
  headersMs: number;
  /**
   * An idle kept-alive connection is closed after this. Above the 60 s idle timeout of common
   * proxies and load balancers, so that they, not we, close first (no 502 from a race), and long
   * enough that a phone moving between pages reuses its TLS connection.
   */
  keepAliveMs: number;
  /** A socket with no traffic at all for this long (a client that stopped reading) is closed. */
  idleMs: number;
  /** How often Node checks the two limits above on open connections (Node's default: 30 s). */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 20_000,
  keepAliveMs: 72_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** The Fastify (and Node http.Server) options for these timeouts. */
export function httpTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
