import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { smsSenderFor } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createTestApp, openTestDatabase, post, sendEngineerCode } from './helpers';
import type { Splash } from '../../src/shared/reference-data';
import type { DatabaseHandle } from '../../src/server/db/database';

/** A logger that keeps what `info` was given. */
function recordingLog() {
  const lines: unknown[] = [];
  const log = { info: (...args: unknown[]) => lines.push(args), warn: () => undefined } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the outbox SMS adapter', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  test('in development every SMS is stored and noted in the log, the phone masked and without its text (the code)', async () => {
    const { log, lines } = recordingLog();
    const sms = smsSenderFor(testConfig({ NODE_ENV: 'development' }), database.db, log);
    await sms.send('+255700012345', 'Kibali: your code is 123456.', 'continue');
    expect(lines).toEqual([[{ sms: { to: '+2557•••••345', purpose: 'continue' } }, expect.any(String)]]);
    expect(JSON.stringify(lines)).not.toContain('123456');
    const stored = await database.db.selectFrom('sms_outbox').selectAll().execute();
    expect(stored.map((s) => s.phone)).toEqual(['+255700012345']);
  });

  test.each(['test', 'production'] as const)(
    'with NODE_ENV=%s nothing is printed (logs carry no codes)',
    async (env) => {
      const { log, lines } = recordingLog();
      const sms = smsSenderFor(testConfig({ NODE_ENV: env }), database.db, log);
      await sms.send('+255700012346', 'Kibali: your code is 654321.', 'continue');
      expect(lines).toEqual([]);
    },
  );
});

describe('SMS through the outbox channel', () => {
  test('a code is in the outbox when the call that sent it answers (no job runner needed), its row delivered', async () => {
    const t = await createTestApp({ DEV_TOOLS: true });
    try {
      const splash = (await post(t.app, '/api/splash/get_splash', {})).body!.response.data as unknown as Splash;
      const res = await sendEngineerCode(t.app, splash.engineers[1]!.registration_number);
      expect(res.status).toBe(200);
      // The draft's first save sent its reference number too (reference-sms.ts): the code is the other SMS.
      const outbox = (
        (await post(t.app, '/api/dev/outbox', {})).body!.response.data as unknown as {
          message: string;
          purpose: string;
        }[]
      ).filter((sms) => sms.purpose !== 'reference_first_save');
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.message).toMatch(/\b\d{6}\b/);
      const rows = await t.database.db
        .selectFrom('sms_message')
        .select(['status', 'attempts', 'message'])
        .where('purpose', '!=', 'reference_first_save')
        .execute();
      expect(rows).toEqual([{ status: 'sent', attempts: 1, message: '' }]);
    } finally {
      await t.close();
    }
  });
});
