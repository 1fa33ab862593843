import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The splash and the forms are compressed once per version, language and encoding, not once per request. */
describe('cached answers, compressed once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json', ...headers } });

  const unpack = (encoding: unknown, body: Buffer) =>
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

  it.each([
    ['/api/splash/get_splash', 'br', 'gzip, deflate, br'],
    ['/api/splash/get_splash', 'gzip', 'gzip, deflate'],
    ['/api/forms/get_forms', 'br', 'br;q=1, gzip;q=0.5'],
    ['/api/forms/get_forms', 'gzip', 'br;q=0, gzip'],
  ])('%s in %s (Accept-Encoding: %s) is the same answer as uncompressed, every time', async (url, encoding, accept) => {
    for (const language of ['en', 'sw']) {
      const plain = await call(url, { 'accept-language': language });
      expect(plain.headers['content-encoding']).toBeUndefined();
      // The first answers may be compressed on the fly while the kept copy is made; all are the same.
      for (let i = 0; i < 4; i++) {
        const packed = await call(url, { 'accept-language': language, 'accept-encoding': accept });
        expect(packed.statusCode).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(String(packed.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(String(packed.headers.vary).toLowerCase()).toContain('accept-language');
        expect(packed.headers.etag).toBe(plain.headers.etag);
        expect(unpack(encoding, packed.rawPayload).toString()).toBe(plain.payload);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });

  it.each(['identity', 'br;q=0, gzip;q=0', 'deflate'])(
    'answers uncompressed to Accept-Encoding: %s',
    async (accept) => {
      const plain = await call('/api/splash/get_splash', {});
      for (let i = 0; i < 2; i++) {
        const answer = await call('/api/splash/get_splash', { 'accept-encoding': accept });
        expect(answer.headers['content-encoding'] ?? 'identity').toMatch(/^(identity|deflate)$/);
        if (answer.headers['content-encoding'] === undefined) expect(answer.payload).toBe(plain.payload);
      }
    },
  );

  it('still answers 304 to the ETag it gave', async () => {
    const first = await call('/api/splash/get_splash', { 'accept-encoding': 'br' });
    const again = await call('/api/splash/get_splash', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
  });
});
