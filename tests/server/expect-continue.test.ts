import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT, STEP_BODY_LIMIT } from '../../src/server/http/body-schemas';
import { MULTIPART_OVERHEAD_BYTES } from '../../src/server/http/expect-continue';
import { createTestApp, databaseKinds, type TestApp } from './helpers';

// Issue 31, item 7: a request saying `Expect: 100-continue` with a length over the route's limit was
// told `100 Continue` (Node says it by itself) and only then 413: the client was invited to send a
// body the server would refuse. Spoken over a socket to a listening server, as a client does.

interface Exchange {
  /** Every status line the server wrote, in order. */
  statusLines: string[];
  raw: string;
}

/** Sends the head, and the body only once the server says 100 Continue; reads until the server closes. */
function exchange(port: number, head: string[], body?: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    let sent = false;
    socket.setEncoding('latin1');
    // A server that invited the body and waits for it: what it said so far is the answer.
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      raw += chunk;
      if (body !== undefined && !sent && /^HTTP\/1\.1 100 Continue\r\n\r\n/.test(raw)) {
        sent = true;
        socket.write(body);
      }
    });
    socket.on('close', () => resolve({ statusLines: raw.match(/^HTTP\/1\.1 \d{3}[^\r]*/gm) ?? [], raw }));
    socket.write(`${[...head, 'Host: 127.0.0.1', 'Connection: close'].join('\r\n')}\r\n\r\n`);
  });
}

const json = (url: string, length: number, expectContinue = true) => [
  `POST ${url} HTTP/1.1`,
  'Content-Type: application/json',
  `Content-Length: ${length}`,
  ...(expectContinue ? ['Expect: 100-continue'] : []),
];

const envelopeOf = (raw: string) =>
  JSON.parse(raw.slice(raw.lastIndexOf('\r\n\r\n') + 4)) as { response: { code: number; message: string } };

describe.each(databaseKinds)('Expect: 100-continue (%s)', (kind) => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: 1024 * 1024 }, { kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(() => t.close());

  it('over a JSON call limit: 413 with the envelope, never 100 Continue first', async () => {
    for (const [url, limit] of [
      ['/api/splash/get_splash', DEFAULT_BODY_LIMIT],
      ['/api/application/save_and_continue', STEP_BODY_LIMIT],
    ] as const) {
      const answer = await exchange(port, json(url, limit + 1));
      expect(answer.statusLines, url).toEqual(['HTTP/1.1 413 Payload Too Large']);
      expect(envelopeOf(answer.raw).response).toMatchObject({ code: 413 });
      expect(answer.raw).toMatch(/^connection: close$/im);
    }
  });

  it('an upload declared over the upload limit: 413 before any byte of it is asked for', async () => {
    const answer = await exchange(port, [
      'POST /api/attachment/upload HTTP/1.1',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${1024 * 1024 + MULTIPART_OVERHEAD_BYTES + 1}`,
      'Expect: 100-continue',
    ]);
    expect(answer.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
    expect(envelopeOf(answer.raw).response.code).toBe(413);
  });

  it('within the limit: 100 Continue, then the body, then the answer', async () => {
    const body = '{}';
    const answer = await exchange(port, json('/api/splash/get_splash', body.length), body);
    expect(answer.statusLines).toEqual(['HTTP/1.1 100 Continue', 'HTTP/1.1 200 OK']);
    expect(envelopeOf(answer.raw).response.code).toBe(200);
  });

  it('in Swahili too, and without Expect an oversized body is still 413', async () => {
    const sw = await exchange(port, [...json('/api/splash/get_splash', DEFAULT_BODY_LIMIT + 1), 'Accept-Language: sw']);
    expect(sw.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
    const en = await exchange(port, json('/api/splash/get_splash', DEFAULT_BODY_LIMIT + 1));
    expect(envelopeOf(sw.raw).response.message).not.toBe(envelopeOf(en.raw).response.message);
    const plain = await exchange(port, json('/api/splash/get_splash', DEFAULT_BODY_LIMIT + 1, false));
    expect(plain.statusLines).toEqual(['HTTP/1.1 413 Payload Too Large']);
  });
});
