import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advocatePayload, TEST_PASSWORD, TEST_SUPER_KEY } from '../test/accounts';
import { postgresTarget } from '../test/database-target';
import { SoftwareAuthenticator } from '../test/webauthn-authenticator';

/**
 * What deploy/ ships, run as docs/deploy.md says (ADR 040): the shipped Caddyfile, validated and
 * served by Debian's Caddy with its own certificate authority on localhost, in front of two
 * server processes on one PostgreSQL database. The client trusts only that authority; through
 * it, an advocate registers a passkey and signs in with it, the one feature that needs HTTPS.
 * Everything listens on 127.0.0.1. Runs with the API tests on PostgreSQL (CI installs Caddy).
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const CADDYFILE = path.join(REPO, 'deploy/Caddyfile');
const hasCaddy = spawnSync('caddy', ['version']).status === 0;
if (process.env.CI && process.env.TEST_DB_TARGET === 'postgres' && !hasCaddy) {
  throw new Error('CI=1 but caddy is not installed: .ci/run installs it for the HTTPS test');
}

const METRICS_TOKEN = randomBytes(24).toString('hex');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves once `check` does, polling (a start on a shared machine takes seconds). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen in ${timeoutMs / 1000} s`);
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const target = postgresTarget();

describe.runIf(target && hasCaddy)('the shipped Caddyfile over HTTPS', () => {
  const name = `${target?.name}_caddy_${randomBytes(4).toString('hex')}`;
  const onMaintenance = async (statement: string) => {
    const maintenance = new URL(target!.url);
    maintenance.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };

  const children: ChildProcess[] = [];
  let caddyOutput = '';
  /** What the apps wrote (warnings and errors only), shown when one does not start. */
  let appOutput = '';
  let httpsPort = 0;
  let httpPort = 0;
  let ca = '';
  let origin = '';
  let appPorts: number[] = [];

  /** A request through Caddy, trusting only Caddy's local authority. */
  function request(
    method: string,
    pathname: string,
    { body, token }: { body?: unknown; token?: string } = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = https.request(
        {
          method,
          host: '127.0.0.1',
          port: httpsPort,
          path: pathname,
          servername: 'localhost',
          ca,
          headers: {
            host: `localhost:${httpsPort}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
  const json = async (method: string, pathname: string, options = {}, status = 200) => {
    const answer = await request(method, pathname, options);
    expect(answer.status, `${method} ${pathname}: ${answer.text}`).toBe(status);
    return JSON.parse(answer.text) as Record<string, unknown>;
  };

  beforeAll(async () => {
    await onMaintenance(`create database "${name}"`);
    const databaseUrl = new URL(target!.url);
    databaseUrl.pathname = `/${name}`;
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    origin = `https://localhost:${httpsPort}`;

    // Two processes as deploy/mwamba@.service runs them: one environment, their own ports.
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-caddy-data-')),
      PUBLIC_URL: origin,
      TRUST_PROXY: 'true',
      HOST: '127.0.0.1',
      ADVOCATE_SUPER_KEY: TEST_SUPER_KEY,
      TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      METRICS_TOKEN,
    };
    appPorts = [await freePort(), await freePort()];
    for (const port of appPorts) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: REPO,
        env: { ...process.env, ...shared, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (appOutput += chunk));
      child.stderr!.on('data', (chunk) => (appOutput += chunk));
      children.push(child);
    }
    for (const port of appPorts) {
      await until(`the app on port ${port} ready`, async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/api/ready`);
        return answer.status === 200;
      }).catch((error: Error) => {
        throw new Error(`${error.message}:\n${appOutput}`);
      });
    }

    const caddyHome = mkdtempSync(path.join(tmpdir(), 'firm-caddy-'));
    const caddyEnv = {
      ...process.env,
      // Caddy keeps its authority and certificates here, not in the user's home.
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      SITE_ADDRESS: origin,
      CADDY_TLS: 'internal',
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: 'off',
      CADDY_BIND: '127.0.0.1',
      UPSTREAMS: appPorts.map((port) => `127.0.0.1:${port}`).join(' '),
    };
    const validated = spawnSync(
      'caddy',
      ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'],
      { env: caddyEnv, encoding: 'utf8' },
    );
    expect(validated.status, validated.stderr).toBe(0);

    const caddy = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: caddyEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    caddy.stderr!.on('data', (chunk) => (caddyOutput += chunk));
    children.push(caddy);
    const root = path.join(caddyHome, 'caddy/pki/authorities/local/root.crt');
    await until('Caddy made its authority', async () => existsSync(root));
    ca = readFileSync(root, 'utf8');
    await until('Caddy served the site over HTTPS', async () => {
      const answer = await request('GET', '/api/ready');
      return answer.status === 200;
    }).catch((error: Error) => {
      throw new Error(`${error.message}:\n${caddyOutput}`);
    });
  }, 420_000);

  afterAll(async () => {
    // Caddy first, then the apps; nothing is left listening.
    for (const child of [...children].reverse()) await stopped(child);
    await onMaintenance(`drop database if exists "${name}" with (force)`);
  }, 60_000);

  it('listens on loopback only, sends plain HTTP to HTTPS and keeps /metrics off the site', async () => {
    // TCP for HTTP and HTTPS, UDP for HTTP/3: every socket of Caddy's on 127.0.0.1.
    const caddyPid = children.at(-1)!.pid;
    const sockets = spawnSync('ss', ['-Hltunp'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.includes(`pid=${caddyPid},`))
      .map((line) => {
        const [netid, , , , local] = line.trim().split(/\s+/);
        return `${netid} ${local}`;
      });
    expect(sockets.sort()).toEqual(
      [
        `tcp 127.0.0.1:${httpPort}`,
        `tcp 127.0.0.1:${httpsPort}`,
        `udp 127.0.0.1:${httpsPort}`,
      ].sort(),
    );

    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: '127.0.0.1', port: httpPort, path: '/login', headers: { host: 'localhost' } },
          resolve,
        )
        .on('error', reject),
    );
    redirect.resume();
    expect(redirect.statusCode).toBe(308);
    // To the HTTPS site (a real server's HTTPS port is 443, so the address carries none).
    expect(redirect.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/login$/);

    const ready = await request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(ready.headers.server).toBeUndefined();
    expect((await request('GET', '/metrics')).status).toBe(404);
  });

  it('an advocate registers a passkey and signs in with it over HTTPS, across both processes', async () => {
    const device = new SoftwareAuthenticator(origin);
    const owner = advocatePayload({ email: 'nyambura.kariuki-odhiambo@mwamba.test' });
    const { token } = (await json('POST', '/api/auth/register', { body: owner }, 201)) as {
      token: string;
    };
    // With no grace, the first session opens only the setup of a second factor: a passkey here.
    const options = await json('POST', '/api/auth/2fa/passkeys/registration-options', {
      token,
      body: { password: TEST_PASSWORD },
    });
    expect(options.rp).toEqual({ id: 'localhost', name: 'Mwamba & Associates' });
    await json(
      'POST',
      '/api/auth/2fa/passkeys',
      { token, body: { name: 'Laptop', response: device.register(options as never) } },
      201,
    );

    const login = await json(
      'POST',
      '/api/auth/login',
      { body: { email: owner.email, password: TEST_PASSWORD } },
      401,
    );
    expect(login).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', methods: ['passkey', 'recovery'] });
    const { challengeToken } = login as { challengeToken: string };
    const signInOptions = await json('POST', '/api/auth/login/2fa/passkey-options', {
      body: { challengeToken },
    });
    const signedIn = (await json('POST', '/api/auth/login/2fa', {
      body: { challengeToken, passkey: device.authenticate(signInOptions as never) },
    })) as { token: string };

    // The session answers through either process: Caddy takes turns, as each one's count says.
    for (let i = 0; i < 4; i += 1) {
      const me = await json('GET', '/api/auth/me', { token: signedIn.token });
      expect(me).toMatchObject({ email: owner.email });
    }
    for (const port of appPorts) {
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const series = 'http_requests_total{method="GET",route="/api/auth/me",status="200"} ';
      const line = (await metrics.text()).split('\n').find((each) => each.startsWith(series));
      expect(Number(line?.slice(series.length)), `process on port ${port}`).toBeGreaterThan(0);
    }
    // Caddy's access log (journald on a server) names the requests, never their tokens.
    expect(caddyOutput).toContain('/api/auth/me');
    expect(caddyOutput).not.toContain(signedIn.token);
  });
});
