import { ConfigError, loadConfig, servingProblems } from './config';

const SHUTDOWN_GRACE_MS = 9000;

/**
 * The job runner alone (deploy/systemd/kibali-jobs.service): SMS deliveries and retries, reminders,
 * payment reconciliation, the retention sweeps, with no HTTP listener, beside server processes started
 * with RUN_JOBS=0. PostgreSQL only: an embedded database (PGlite) has one process, which runs its jobs.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const refused = servingProblems(config);
  if (!config.DATABASE_URL)
    refused.push('DATABASE_URL is needed: on the embedded database the server runs its jobs itself');
  if (refused.length > 0) throw new ConfigError(refused);
  const [{ default: closeWithGrace }, { buildApp }, { openConfiguredDatabase }] = await Promise.all([
    import('close-with-grace'),
    import('./app'),
    import('./db/setup'),
  ]);
  const database = await openConfiguredDatabase(config, (line) => console.log(line));
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  await app.ready();
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err: { type: err.name, message: err.message, stack: err.stack } }, 'fatal error');
    app.log.info({ signal }, 'job runner shutting down');
    await app.close();
    // After every onClose hook (the job runner's stop and the SMS under way need the database).
    await database.close();
  });
  // With the database away it tries again until it starts, as the server does.
  app.jobs.startInBackground();
  console.log(`Kibali's job runner is running on PostgreSQL (${config.NODE_ENV})`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Kibali's job runner could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
