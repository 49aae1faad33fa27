import { expect, test } from '@playwright/test';
import { freshDataDir, spawnServer, startServer } from '../support/server-process';
import { openDataDir } from '../support/database';

// These start servers of their own: no browser needed.
test.describe('the server process', () => {
  test('refuses a bad configuration, naming the variable', async () => {
    const server = spawnServer({ PORT: 'abc', DATA_DIR: freshDataDir() });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain(
      'PORT must be a whole number between 0 and 65535 (got "abc")',
    );
  });

  test('a second server on the same data directory stops and says which pid holds it; data written before a kill -9 is there after the restart', async () => {
    // Two fresh starts (initdb, migrations) and an embedded open on a shared 2-core machine.
    test.setTimeout(180_000);
    const dataDir = freshDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const second = spawnServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another process (pid ${first.child.pid})`,
    );
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    const sent = await fetch(`${first.url}/api/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Mutua Kioko',
        email: 'mutua@example.co.ke',
        subject: 'Employment contract',
        message: 'Please review my contract.',
        consent: true,
      }),
    });
    expect(sent.status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;

    // The stale lock of the killed process does not block the next start.
    const restarted = await startServer({ DATA_DIR: dataDir });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    const db = await openDataDir(dataDir);
    const { rows } = await db.query<{ name: string }>('select name from contact_messages');
    await db.close();
    expect(rows).toEqual([{ name: 'Mutua Kioko' }]);
  });
});
