import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server.js');

/** An empty data directory: a server started on it runs initdb and every migration first. */
export const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'firm-e2e-data-'));

/** The variable that names the data directory support/global-setup.ts prepares once per run. */
export const TEMPLATE_DATA_DIR_VARIABLE = 'E2E_TEMPLATE_DATA_DIR';

/**
 * A data directory as a fresh install's first start leaves it, copied from the one the global
 * setup prepared (`prepareTemplateDataDir`): the database created, migrated and with the job
 * queue's tables, and nothing else. A copy takes a second where a first start on an empty
 * directory takes 10–60 s on this machine. The keys a first start generates (the two-factor key,
 * and the super key when ADVOCATE_SUPER_KEY is unset) are not in it, so each copy generates its
 * own as a fresh install does. A spec about the first start itself (initdb under the lock) uses
 * `freshDataDir`.
 */
export function preparedDataDir(): string {
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  if (!template) throw new Error(`${TEMPLATE_DATA_DIR_VARIABLE} is not set (playwright.config.ts)`);
  const dataDir = freshDataDir();
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the built server once on `dataDir` and stops it cleanly (SIGTERM, exit 0), so the
 * product's own first start creates and migrates the database and the job queue's tables; then
 * leaves only the database (pgdata), so that a copy holds no generated key, lock or folder.
 */
export async function prepareTemplateDataDir(dataDir: string): Promise<void> {
  const server = await startServer(
    // A key from the environment: the template then holds no generated super key file.
    { DATA_DIR: dataDir, ADVOCATE_SUPER_KEY: 'e2e-template-only-key-9f3a' },
    { timeoutMs: 240_000 },
  );
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) throw new Error(`template server exited with ${code}:\n${server.output()}`);
  for (const entry of readdirSync(dataDir)) {
    if (entry !== 'pgdata') rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
}

/** Runs the built server as `npm start` does, in a process of its own. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const port = env.PORT ?? '0';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/**
 * Starts a server on a free port and waits until /api/health answers, for up to `timeoutMs`. A
 * first start creates its embedded database in a child process and then opens it (PGlite loads
 * twice, ADR 013): several seconds on a quiet machine, far more on a busy one.
 */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(await freePort()), ...env });
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`server exited during start-up:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${server.output()}`);
}
