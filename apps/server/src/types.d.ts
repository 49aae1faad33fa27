import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
}
