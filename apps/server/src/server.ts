import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { warmUpPdfPool } from './modules/billing/pdf-render-pool';
import { chooseLogFormat, logStream } from './lib/log-output';
import { APP_SHELL_FILE } from './plugins/web-app';
import { prepareStart, StartupError } from './startup';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The built web app beside this bundle (apps/server/dist → apps/web/dist). */
function defaultWebDistDir(): string | undefined {
  const candidate = path.resolve(import.meta.dirname, '../../web/dist');
  return existsSync(path.join(candidate, APP_SHELL_FILE)) ? candidate : undefined;
}

async function main() {
  let prepared;
  try {
    prepared = await prepareStart();
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    throw error;
  }
  const { config, database, standIn } = prepared;
  config.webDistDir ??= defaultWebDistDir();

  // A terminal gets readable lines, anything else JSON; the level, redaction and serializers stay.
  const stream = logStream(chooseLogFormat(config.logFormat, process.stdout));
  const app = await buildApp({ config, database, ...(stream ? { logger: { stream } } : {}) });
  if (!config.webDistDir) app.log.warn('No web build found: serving the API only');
  app.log.info(
    {
      database: database.driver,
      dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
    },
    'database ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The stand-in has answered 503 while the database was migrated; the app takes the port over
  // once it is ready (its plugins' start-up done), so the port is free only for a moment.
  await app.ready();
  await standIn.close();
  await app.listen({ port: config.port, host: config.host });
  // After listening, so it delays nothing; a failure only means the first PDF is slower.
  warmUpPdfPool().catch((error: unknown) =>
    app.log.warn({ err: error }, 'warming up the PDF renderer failed'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
