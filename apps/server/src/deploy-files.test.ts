import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/**
 * The example files deploy/ ships, read as systemd reads them (docs/deploy.md, ADR 040): once their
 * CHANGE-ME values are filled in, they configure what the guide says. The Caddyfile itself is
 * served over HTTPS by behind-caddy.test.ts.
 */
const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy');

/** An EnvironmentFile's assignments: KEY=value lines, a value in double quotes taken whole. */
function environmentFile(name: string): Record<string, string> {
  const entries = readFileSync(path.join(DEPLOY, name), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
    .map((line) => {
      const [key, ...rest] = line.split('=');
      return [key!, rest.join('=').replace(/^"(.*)"$/, '$1')] as const;
    });
  return Object.fromEntries(entries);
}

/** What an operator puts where the example says CHANGE-ME, each in its variable's form. */
const filled: Record<string, string> = {
  TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
  METRICS_TOKEN: randomBytes(32).toString('hex'),
};

describe('deploy/', () => {
  it('mwamba.env.example, filled in, is a valid production configuration behind Caddy', () => {
    const env = environmentFile('mwamba.env.example');
    // The unit sets them per process; the file would override the unit's.
    expect(env).not.toHaveProperty('PORT');
    expect(env).not.toHaveProperty('HOST');
    const values = Object.fromEntries(
      Object.entries(env).map(([key, value]) => [
        key,
        value.includes('CHANGE-ME')
          ? value.replace('CHANGE-ME', filled[key] ?? 'a-value-of-the-operators-own-4821')
          : value,
      ]),
    );
    const config = loadConfig(values);
    expect(config).toMatchObject({
      publicUrl: 'https://mwamba-advocates.co.ke',
      trustProxy: true,
      port: 3000,
      dataDir: '/var/lib/mwamba',
      documentsDir: '/var/lib/mwamba/documents',
      mailFrom: 'Mwamba & Associates Advocates <no-reply@mwamba-advocates.co.ke>',
      metricsToken: filled.METRICS_TOKEN,
      twoFactorKey: filled.TWO_FACTOR_KEY,
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/mwamba:/);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  const hasCaddy = spawnSync('caddy', ['version']).status === 0;
  it.runIf(hasCaddy)('the Caddyfile is valid with caddy.env.example, as on the server', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'firm-caddy-validate-'));
    const result = spawnSync(
      'caddy',
      ['validate', '--config', path.join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: {
          ...process.env,
          ...environmentFile('caddy.env.example'),
          XDG_DATA_HOME: home,
          XDG_CONFIG_HOME: home,
        },
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Valid configuration');
  });
});
