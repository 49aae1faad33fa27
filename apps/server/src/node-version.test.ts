import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, nodeTooOld } from '../../../scripts/lib/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const majorOf = (version: string) => Number(version.split('.')[0]);

type Node = { command: string; args: string[] };
const thisNode: Node = { command: process.execPath, args: [] };

/**
 * A Node.js older than NODE_MAJOR to start the entries with: the machine's own when it is older
 * (these machines and CI's carry 20.20, while the tests run on 24); on a machine without one, this
 * Node.js made to report 20.20.2 by a module that runs before the entry.
 */
function olderNode(): Node & { version: string } {
  for (const command of ['/usr/bin/node', '/usr/local/bin/node']) {
    const version = spawnSync(command, ['-p', 'process.versions.node'], {
      encoding: 'utf8',
    }).stdout?.trim();
    if (version && majorOf(version) < NODE_MAJOR) return { command, args: [], version };
  }
  const version = '20.20.2';
  const pretend = `Object.defineProperty(process.versions, 'node', { value: '${version}' })`;
  return {
    command: process.execPath,
    args: ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`],
    version,
  };
}

// PORT=0x: should the check let an entry through, the server stops at its configuration.
const run = (node: Node, entry: string) =>
  spawnSync(node.command, [...node.args, entry], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PORT: '0x', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  });

describe('the product needs Node.js 24 and says so in one line', () => {
  it('names the version found, what to install and what to run instead', () => {
    expect(NODE_MAJOR).toBe(24);
    expect(nodeTooOld('20.20.2', 'npm start')).toBe(
      'Node.js 24 or newer is needed (this is 20.20.2): install Node.js 24 LTS, ' +
        'or run `bash scripts/use-node-24.sh npm start`.',
    );
    expect(nodeTooOld('23.11.1', 'npm test')).toContain('(this is 23.11.1)');
    expect(nodeTooOld('24.0.0', 'npm start')).toBeUndefined();
    expect(nodeTooOld('26.1.0', 'npm start')).toBeUndefined();
  });

  it('`npm start` on an older Node.js stops before building anything, with that line only', () => {
    const node = olderNode();
    const result = run(node, 'scripts/start.mjs');
    expect(result.stderr).toBe(`${nodeTooOld(node.version, 'npm start')}\n`);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(1);
  });

  it("the built server's entry stops an older Node.js before the server loads, and lets 24 in", () => {
    // Inside apps/server, where the bundle's packages resolve from node_modules; dist/ is ignored.
    const dist = path.join(root, 'apps/server/dist');
    mkdirSync(dist, { recursive: true });
    const out = mkdtempSync(path.join(dist, 'entry-test-'));
    try {
      execFileSync(process.execPath, ['build.mjs', out], { cwd: path.join(root, 'apps/server') });
      const entry = path.join(out, 'server.js');

      const node = olderNode();
      const refused = run(node, entry);
      expect(refused.stderr).toBe(
        `${nodeTooOld(node.version, 'node apps/server/dist/server.js')}\n`,
      );
      expect(refused.status).toBe(1);

      // This Node.js passes the check and loads the server beside the entry, which refuses PORT.
      const started = run(thisNode, entry);
      expect(started.stderr).toMatch(/^Invalid configuration:\n {2}PORT /);
      expect(started.status).toBe(1);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
