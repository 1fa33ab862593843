import closeWithGrace from 'close-with-grace';
import { buildApp, LOCALES_DIR, SCHEMAS_DIR } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/setup';
import { FormRegistry } from './forms/form-registry';
import { FormsProblemsError } from './forms/form-loader';

const SHUTDOWN_GRACE_MS = 9000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Forms first: a broken policy edit stops the start with every problem listed, before the database opens.
  const forms = await FormRegistry.open(SCHEMAS_DIR, LOCALES_DIR);
  const database = await openConfiguredDatabase(config, (line) => console.log(line));
  const app = await buildApp({ config, database, forms });
  app.addHook('onClose', async () => database.close());

  // SIGTERM/SIGINT: stop taking requests, finish those in flight, exit well within 10 s.
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err: { type: err.name, message: err.message, stack: err.stack } }, 'fatal error');
    app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  console.log(`Kibali is serving http://localhost:${config.PORT} on ${where}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof FormsProblemsError) {
    console.error(error.message);
  } else {
    console.error('Kibali could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
