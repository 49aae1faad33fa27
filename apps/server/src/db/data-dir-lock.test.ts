import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

const children: { kill(): void }[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill()));

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'firm-lock-'));

describe('acquireDataDirLock', () => {
  it('records this process and removes the lock on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a directory held by another running process, naming its pid', () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(holder);
    writeFileSync(path.join(dir, 'server.lock'), `${holder.pid}\n`);

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another process (pid ${holder.pid})`);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    writeFileSync(path.join(dir, 'server.lock'), `${gone.pid}\n`);

    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
