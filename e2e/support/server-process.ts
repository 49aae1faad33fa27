import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server.js');

export const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'firm-e2e-data-'));

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
