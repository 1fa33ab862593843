// The ceiling of the API load runs: a Fastify process with one route answering a small JSON envelope,
// no plugins, no hooks, no logging, on the same machine. Started by scripts/perf/processes.ts.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { response: { code: 200, message: 'OK', data: { ok: true } } };
app.post('/bare', async () => answer);
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
