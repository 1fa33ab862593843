import { ConfigError, loadConfig, servingProblems } from './config';
import { DataDirLockedError, refuseIfInUse } from './db/data-dir-lock';

const SHUTDOWN_GRACE_MS = 9000;
/** PostgreSQL: a query unanswered this long gives up its connection, so the request answers 503 within 2 s. */
const QUERY_TIMEOUT_MS = 1500;

async function main(): Promise<void> {
  const config = loadConfig();
  // Production with the outbox or the demo registry stops here (DEMO_MODE=1 lets it start, loudly).
  const refused = servingProblems(config);
  if (refused.length > 0) throw new ConfigError(refused);
  // A second server on a PGlite directory in use stops here, before the rest of the server is loaded.
  if (!config.DATABASE_URL) await refuseIfInUse(config.DATA_DIR);
  const [{ default: closeWithGrace }, { buildApp }, { openConfiguredDatabase }] = await Promise.all([
    import('close-with-grace'),
    import('./app'),
    import('./db/setup'),
  ]);
  const database = await openConfiguredDatabase(config, (line) => console.log(line), {
    queryTimeoutMs: QUERY_TIMEOUT_MS,
  });
  // The latest published forms version is served; on the very first start schemas/ is published as
  // version 1 (a broken folder then stops the start with every problem listed).
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // Once closing, every answer ends its connection, also those of requests taken before: a kept-alive
  // connection left open would keep the server from closing until the grace delay kills it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, res) => {
    if (closing) res.header('Connection', 'close');
  });

  // SIGTERM/SIGINT: stop taking requests, finish those in flight, exit well within 10 s.
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err: { type: err.name, message: err.message, stack: err.stack } }, 'fatal error');
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // After every onClose hook (the job runner's stop and the SMS under way need the database).
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // SMS deliveries and retries, the retention sweeps: stopped by app.close() (onClose). Started in the
  // background: with the database away it tries again, while the requests answer 503 meanwhile.
  // RUN_JOBS=0: a job runner of its own runs them (src/server/jobs-main.ts); this process only enqueues.
  if (config.RUN_JOBS) app.jobs.startInBackground();
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.HOST);
  const host = local ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const jobs = config.RUN_JOBS ? '' : ', jobs left to the job runner';
  console.log(
    `Kibali is serving http://${host}:${config.PORT} (${config.NODE_ENV}, listening on ${config.HOST}) on ${where}${jobs}`,
  );
}

main().catch(async (error: unknown) => {
  const { FormsProblemsError } = await import('./forms/form-loader');
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof FormsProblemsError) {
    console.error(error.message);
  } else {
    console.error('Kibali could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
