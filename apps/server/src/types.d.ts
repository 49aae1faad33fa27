import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { BackgroundTasks } from './lib/background-tasks';
import type { Mailer } from './lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Work done after the answer (emails); `drain()` awaits it. */
    backgroundTasks: BackgroundTasks;
  }
}
