import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type Readiness } from '@firm/shared';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirError } from './db/data-dir';
import { DataDirInUseError } from './db/data-dir-lock';
import { DatabaseUrlError } from './db/database-url-errors';
import { DatabaseSchemaError } from './db/schema-version';

/**
 * A start-up failure the person running the server can fix: its message names the variable and
 * is printed as it is (no stack, no secret), and the process exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const LISTEN_PROBLEMS: Record<string, (port: number, host: string) => string> = {
  EADDRINUSE: (port, host) =>
    `PORT ${port} is already in use on ${host}. Stop the other server or choose another PORT.`,
  EACCES: (port) =>
    `PORT ${port} is not allowed for this user (ports below 1024 need privileges). Choose another PORT.`,
  EADDRNOTAVAIL: (_port, host) =>
    `HOST ${host} is not an address of this machine. Use 0.0.0.0, 127.0.0.1 or one of its addresses.`,
  ENOTFOUND: (_port, host) => `HOST ${host} cannot be resolved to an address.`,
  EAI_AGAIN: (_port, host) => `HOST ${host} cannot be resolved to an address.`,
};

/** What holds the port while the database is opened and migrated, until the app listens. */
export interface StandIn {
  /** The port it holds (PORT, or the one the system chose for PORT=0). */
  port: number;
  /** Lets go of the port and of every connection to it, so the app can listen there at once. */
  close(): Promise<void>;
}

const STARTING: Readiness = {
  message: MESSAGES.notReady([MESSAGES.notReadyMigrations]),
  checks: { database: 'unavailable', jobQueue: 'unavailable', migrations: 'running' },
};

/**
 * Listens on PORT at once, before the database is opened and migrated: a migration may take
 * minutes, and meanwhile GET /api/ready must say why this process takes no traffic (503, the
 * migrations running) instead of the port refusing connections as if the process were down.
 * Every other request answers 503 "starting" with Retry-After. A port in use or a wrong HOST
 * fails here, before the database is touched (see LISTEN_PROBLEMS). ADR 040.
 */
export function holdPortWhileStarting(port: number, host: string): Promise<StandIn> {
  const server = http.createServer((request, response) => {
    const ready = request.url?.split('?')[0] === '/api/ready';
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
    });
    response.end(JSON.stringify(ready ? STARTING : { message: MESSAGES.serverStarting }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const problem = error.code ? LISTEN_PROBLEMS[error.code] : undefined;
      reject(problem ? new StartupError(problem(port, host)) : error);
    });
    server.listen({ port, host, exclusive: true }, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

const FIXABLE_ERRORS = [
  ConfigError,
  DataDirInUseError,
  DataDirError,
  DatabaseUrlError,
  DatabaseSchemaError,
];

/**
 * Everything before the app is built, in the order that fails fastest: configuration, then the
 * address to listen on (held by a stand-in from then on), then the database (opened, locked and
 * migrated). A problem the operator can fix becomes a StartupError. The caller closes `standIn`
 * just before the app listens.
 */
export async function prepareStart(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: Config; database: Database; standIn: StandIn }> {
  let standIn: StandIn | undefined;
  try {
    const config = loadConfig(env);
    standIn = await holdPortWhileStarting(config.port, config.host);
    const database = await openDatabase(config);
    return { config, database, standIn };
  } catch (error) {
    await standIn?.close();
    if (FIXABLE_ERRORS.some((type) => error instanceof type)) {
      throw new StartupError((error as Error).message);
    }
    throw error;
  }
}
