import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FIELD_ERRORS } from '../../src/shared/answer-bounds';
import { STEP_BODY_LIMIT } from '../../src/server/http/body-schemas';
import { FINAL, SAVE } from '../server/application-fixtures';
import { createTestApp, post, type Envelope, type TestApp } from '../server/helpers';

/**
 * One request must not hold the server: a body of empty floor rows made the server build one
 * translated error per missing answer (20,000 for 30 KiB, 1.7 MB of answer) and block every other
 * request for seconds (22 s at 300 KiB, 57 s at 1 MiB). Each attack is refused at a cost bounded by
 * its size and by a constant: too large before it is read, too many rows before any validator runs.
 */

type Errors = { errors?: { path: string; message: string }[] };

/** `bytes` of construction details that are nothing but empty floor rows. */
function emptyFloors(bytes: number, extra: Record<string, unknown> = {}) {
  const body = (rows: number) =>
    JSON.stringify({ application_type: 'new', step_number: 4, data: { floors: Array(rows).fill({}) }, ...extra });
  return body(Math.floor((bytes - body(0).length) / 3));
}

/** Sends only the headers and the first KiB of a body announced as `length` bytes; answers the status line. */
function announce(port: number, path: string, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${length}\r\n\r\n${'['.repeat(1024)}`,
      );
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
  });
}

describe('a request cannot hold the server', () => {
  let t: TestApp;
  let port = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(origin).port);
  });
  afterAll(() => t.close());

  it('attack: 30 KiB of empty floor rows gets one short answer, in the applicant’s language', async () => {
    const body = emptyFloors(30 * 1024);
    for (const language of ['en', 'sw']) {
      const res = await post<Envelope<Errors>>(t.app, SAVE, body, { 'accept-language': language });
      expect(res.status).toBe(422);
      const errors = res.body!.response.data.errors!;
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
      expect(errors[0]).toMatchObject({ path: '/construction_details/floors' });
      expect(JSON.stringify(res.body).length).toBeLessThan(16 * 1024);
    }
    const rows = await t.database.db.selectFrom('application').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('attack: 100 KiB (under the step’s limit) and a whole application of them are refused the same way', async () => {
    const step = await post<Envelope<Errors>>(t.app, SAVE, emptyFloors(100 * 1024));
    expect(step.status).toBe(422);
    expect(step.body!.response.data.errors!.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);

    const rows = Array(60_000).fill({});
    const whole = await post<Envelope<Errors>>(t.app, FINAL, {
      application_type: 'new',
      data: { construction_details: { floors: rows }, building_details: { foundation: rows } },
    });
    expect(whole.status).toBe(413);
    const under = await post<Envelope<Errors>>(t.app, FINAL, {
      application_type: 'new',
      declaration: true,
      data: {
        construction_details: { floors: rows.slice(0, 30_000) },
        building_details: { foundation: rows.slice(0, 30_000) },
      },
    });
    expect([413, 422]).toContain(under.status);
    if (under.status === 422) expect(under.body!.response.data.errors!.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
  });

  it('attack: a body announced larger than the route takes is refused before it is sent', async () => {
    // Only the first KiB is ever sent: the answer comes without the rest.
    expect(await announce(port, SAVE, 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    expect(await announce(port, FINAL, 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    expect(await announce(port, '/api/engineer/get_engineers', 64 * 1024)).toMatch(/^HTTP\/1\.1 413/);
  });

  it('attack: /healthz answers while hostile bodies are being refused', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const hostile = emptyFloors(STEP_BODY_LIMIT - 1024);
    const attacks = Array.from({ length: 8 }, () =>
      fetch(`${origin}${SAVE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: hostile }),
    );
    // Generous by two orders of magnitude: before the bounds, one such body held the server for ~8 s.
    const health = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
    for (const answer of await Promise.all(attacks)) expect(answer.status).toBe(422);
  });

  it('the largest real answer of the largest step fits its route', async () => {
    const floors = Array.from({ length: 61 }, (_, floor) => ({
      floor,
      rooms: Array.from({ length: 30 }, () => ({ room: 12, area_m2: 123.45, percent_covered: 3.25 })),
      area_m2: 3703.5,
      percent_covered: 97.5,
    }));
    const body = JSON.stringify({
      application_type: 'new',
      step_number: 4,
      reference_number: 'K7PQ2-M9XHT',
      data: { floors, total_area_m2: 225913.5, total_percent_covered: 5947.5 },
    });
    expect(body.length).toBeLessThan(STEP_BODY_LIMIT);
    const validate = await t.app.forms.validator('construction_details');
    expect(validate!(JSON.parse(body).data)).toBe(true);
  });
});
