import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { usePostgres, type Database } from '../db/client';
import { emptyPostgresDatabase } from '../../test/backups';
import { postgresTarget } from '../../test/database-target';
import { createTestDatabase } from '../../test/helpers';
import { startJobQueue, type JobQueue } from './job-queue';

/** A logger that keeps what the queue warns of. */
function recordingLogger() {
  const warnings: string[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => warnings.push(message),
    error: (_fields: unknown, message: string) => warnings.push(message),
    child: () => logger,
  };
  return { warnings, logger: logger as unknown as FastifyBaseLogger };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

async function jobState(database: Database, id: string) {
  const { rows } = await database.executeSql('select state from pgboss.job where id = $1', [id]);
  return (rows[0] as { state: string } | undefined)?.state;
}

describe('stopping the job queue', () => {
  let database: Database;
  let queue: JobQueue;

  afterEach(async () => {
    await database.close();
  });

  it('finishes the job in hand and records it done before it returns', async () => {
    database = await createTestDatabase();
    const { warnings, logger } = recordingLogger();
    queue = await startJobQueue(database, logger);
    await queue.createQueue('slow-mail');
    let started = false;
    let finished = false;
    await queue.work('slow-mail', { pollingIntervalSeconds: 1 }, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    const id = (await queue.send('slow-mail', { to: 'wanjiru.kamau@example.test' }))!;
    await until(() => started);

    await queue.stop();
    expect(finished).toBe(true);
    // The job is recorded done before the stop returns, so the database can be closed right after.
    expect(await jobState(database, id)).toBe('completed');
    expect(warnings).toEqual([]);
  });
});

describe('a database that goes away while a job runs', () => {
  it('leaves the job to be retried and the app running when its completion cannot be recorded', async () => {
    const database = await createTestDatabase();
    // The app's database, whose queries fail while `isDown` (a server restarting, say).
    let isDown = false;
    const flaky: Database = {
      ...database,
      executeSql: (text, values) =>
        isDown
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : database.executeSql(text, values),
    };
    const { warnings, logger } = recordingLogger();
    const queue = await startJobQueue(flaky, logger);
    try {
      await queue.createQueue('stranded');
      let release = () => {};
      let started = false;
      await queue.work('stranded', { pollingIntervalSeconds: 1 }, async () => {
        started = true;
        await new Promise<void>((resolve) => (release = resolve));
      });
      const id = (await queue.send('stranded', {}))!;
      await until(() => started);

      isDown = true;
      release();
      // Logged, not an unhandled rejection (which would end Node, and fail this test run).
      await until(() => warnings.includes('job queue error'));
      isDown = false;
      // Neither done nor failed: active until it expires, then retried.
      expect(await jobState(database, id)).toBe('active');
      expect(await queue.answers()).toBe(true);
    } finally {
      isDown = false;
      await queue.stop();
      await database.close();
    }
  });
});

describe('creating queues', () => {
  it('lets several processes create the same new queues at once (no deadlock on a server)', async () => {
    const database = await createTestDatabase();
    const { logger } = recordingLogger();
    // Three processes' queues on one database (on PostgreSQL, each query on a connection of its
    // own), each creating the same five queues as a start-up does.
    const queues = await Promise.all([1, 2, 3].map(() => startJobQueue(database, logger)));
    try {
      const names = ['reminders', 'notices', 'purge', 'sweep', 'texts'].map((n) => `race-${n}`);
      await Promise.all(queues.flatMap((queue) => names.map((name) => queue.createQueue(name))));
      const { rows } = await database.executeSql(
        `select name from pgboss.queue where name like 'race-%' order by name`,
        [],
      );
      expect(rows.map((row) => (row as { name: string }).name)).toEqual([...names].sort());
    } finally {
      for (const queue of queues) await queue.stop();
      await database.close();
    }
  });
});

describe.runIf(postgresTarget())('the first start on a new PostgreSQL database', () => {
  it('several processes starting at once all start, and the queue is made once', async () => {
    const { logger } = recordingLogger();
    // Each round a new database: pg-boss makes its tables on the first start only. Four
    // processes (a pool each) start their queues together, as deploy/'s app processes do after
    // a fresh install or a restore; rounds because which one gets there first is chance.
    for (let round = 0; round < 4; round += 1) {
      const target = await emptyPostgresDatabase(process.env.TEST_DATABASE_URL!, 'queue_start');
      const databases: Database[] = [];
      try {
        for (let process = 0; process < 4; process += 1)
          databases.push(await usePostgres(target.url));
        const started = await Promise.allSettled(
          databases.map((database) => startJobQueue(database, logger)),
        );
        const failures = started.flatMap((outcome) =>
          outcome.status === 'rejected' ? [String(outcome.reason)] : [],
        );
        expect(failures, `round ${round}`).toEqual([]);
        for (const outcome of started) {
          if (outcome.status === 'fulfilled') await outcome.value.stop();
        }
        const { rows } = await databases[0]!.executeSql(
          `select count(*)::int as versions from pgboss.version`,
          [],
        );
        expect(rows).toEqual([{ versions: 1 }]);
      } finally {
        for (const database of databases) await database.close();
        await target.drop();
      }
    }
  }, 120_000);
});
