import net from 'node:net';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirError } from './db/data-dir';
import { DataDirInUseError } from './db/data-dir-lock';
import { DatabaseUrlError } from './db/database-url-errors';

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

/**
 * Binds PORT on HOST for a moment and lets go, so that a port in use or a wrong HOST stops the
 * start before the database is opened and migrated, not after.
 */
export function checkCanListen(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const problem = error.code ? LISTEN_PROBLEMS[error.code] : undefined;
      reject(problem ? new StartupError(problem(port, host)) : error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

const FIXABLE_ERRORS = [ConfigError, DataDirInUseError, DataDirError, DatabaseUrlError];

/**
 * Everything before the app is built, in the order that fails fastest: configuration, then the
 * address to listen on, then the database (opened, locked and migrated). A problem the operator
 * can fix becomes a StartupError.
 */
export async function prepareStart(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: Config; database: Database }> {
  try {
    const config = loadConfig(env);
    await checkCanListen(config.port, config.host);
    const database = await openDatabase(config);
    return { config, database };
  } catch (error) {
    if (FIXABLE_ERRORS.some((type) => error instanceof type)) {
      throw new StartupError((error as Error).message);
    }
    throw error;
  }
}
