import { statSync } from 'node:fs';
import { BACKUP_MESSAGES } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTarget } from '../../../test/database-target';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { channelFile, CHANNEL_TOKEN_HEADER, readChannelFile } from './backup-channel';
import { fakeEngine } from './backups-test-kit';

/**
 * The channel `npm run backup` uses to ask a server on the embedded database (ADR 039): open
 * only once the server listens, to the holder of the token in DATA_DIR (readable by the server's
 * user alone), from this machine.
 */
describe.runIf(!postgresTarget())('the backup channel of a server on the embedded database', () => {
  let ctx: TestContext;
  const engine = fakeEngine();

  beforeAll(async () => {
    ctx = await createTestContext(
      { BACKUP_PASSPHRASE: 'channel passphrase 2026' },
      { backups: { writeArchive: engine.write } },
    );
  });
  afterAll(() => ctx.close());

  const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/internal/backups', headers, remoteAddress });

  it('is closed until the server listens', async () => {
    expect((await post({ [CHANNEL_TOKEN_HEADER]: 'anything' })).statusCode).toBe(404);
    expect(readChannelFile(ctx.config.dataDir)).toBeNull();
  });

  it('takes the token of the file only the server’s user can read, from this machine only', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const channel = readChannelFile(ctx.config.dataDir)!;
    expect(channel).toMatchObject({
      pid: process.pid,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    expect(statSync(channelFile(ctx.config.dataDir)).mode & 0o777).toBe(0o600);

    const none = await post({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: BACKUP_MESSAGES.channelRefused, code: 'UNAUTHORIZED' });
    expect((await post({ [CHANNEL_TOKEN_HEADER]: `${channel.token}x` })).statusCode).toBe(401);
    const remote = await post({ [CHANNEL_TOKEN_HEADER]: channel.token }, '192.0.2.7');
    expect(remote.statusCode).toBe(403);
    expect(engine.state.calls).toBe(0);

    engine.hold();
    const started = await fetch(`${channel.url}/api/internal/backups`, {
      method: 'POST',
      headers: { [CHANNEL_TOKEN_HEADER]: channel.token },
    });
    expect(started.status).toBe(202);
    const { run } = (await started.json()) as { run: { id: string } };
    const again = await fetch(`${channel.url}/api/internal/backups`, {
      method: 'POST',
      headers: { [CHANNEL_TOKEN_HEADER]: channel.token },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'BACKUP_RUNNING', runId: run.id });
    engine.release();
    await ctx.app.backups.settle();
    const followed = await fetch(`${channel.url}/api/internal/backups/${run.id}`, {
      headers: { [CHANNEL_TOKEN_HEADER]: channel.token },
    });
    expect(await followed.json()).toMatchObject({
      id: run.id,
      status: 'succeeded',
      trigger: 'command',
    });
  });

  it('removes its file when the server closes', async () => {
    await ctx.app.close();
    expect(readChannelFile(ctx.config.dataDir)).toBeNull();
  });
});

describe.runIf(postgresTarget())('the backup channel on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ BACKUP_PASSPHRASE: 'channel passphrase 2026' });
  });
  afterAll(() => ctx.close());

  it('is not offered: the command claims the run itself through the shared database', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect(readChannelFile(ctx.config.dataDir)).toBeNull();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/internal/backups',
      headers: { [CHANNEL_TOKEN_HEADER]: 'anything' },
    });
    expect(response.statusCode).toBe(404);
  });
});
