// The ceiling of the API load runs: a Fastify process with no plugins, no hooks, no logging, on the same
// machine. Started by scripts/perf/processes.ts. Two routes: a small JSON envelope, and the very bytes
// of Kibali's get_splash answer (compressed as Kibali sends them, written by the bench to
// BARE_SPLASH_FILE), so that the cost of Kibali's own work is told apart from the cost of the bytes.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { response: { code: 200, message: 'OK', data: { ok: true } } };
app.post('/bare', async () => answer);
let splash: Buffer | undefined;
app.post('/bare_splash', async (_request, res) => {
  splash ??= readFileSync(process.env.BARE_SPLASH_FILE!);
  return res.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(splash);
});
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
