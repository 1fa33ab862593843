import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * PostgreSQL for the fault tests: a throwaway database of their own on the shared server (dropped
 * afterwards), and a TCP proxy in front of it that the tests stop, silence and start again, since
 * the shared server itself cannot be stopped.
 */

/** Like the API tests: the PostgreSQL suites run when TEST_DATABASE_URL is set (`.ci/run` sets it). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL;

export interface ThrowawayDatabase {
  name: string;
  /** Its URL on the real server, e.g. for the tests' own reads. */
  url: string;
  /** Its URL through `proxy` (same user and database, another host and port). */
  urlVia(proxy: PgProxy): string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(): Promise<ThrowawayDatabase> {
  if (!ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kibali_faults_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    urlVia: (proxy) => {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(proxy.port);
      return via.toString();
    },
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

type Mode = 'up' | 'stopped' | 'silent';

/**
 * A TCP proxy to PostgreSQL. `stop()` is PostgreSQL stopped: every connection cut and new ones refused.
 * `silence()` is PostgreSQL (or the network to it) no longer answering: connections are taken and
 * bytes swallowed, nothing comes back. `start()` brings it back on the same port.
 */
export class PgProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private mode: Mode = 'stopped';
  port = 0;

  constructor(
    private readonly target = {
      host: '127.0.0.1',
      port: Number(new URL(ADMIN_URL ?? 'postgres://x:5432').port || 5432),
    },
  ) {}

  async start(): Promise<void> {
    // Connections that lived through a silence lost bytes on the way: none is reused.
    if (this.mode !== 'up') this.cutAll();
    this.mode = 'up';
    if (this.server) return;
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** PostgreSQL stopped: the port refuses connections and every open one is cut. */
  async stop(): Promise<void> {
    this.mode = 'stopped';
    const server = this.server;
    this.server = undefined;
    this.cutAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** PostgreSQL not answering: connections are accepted and bytes swallowed, in both directions. */
  async silence(): Promise<void> {
    if (!this.server) await this.start();
    this.mode = 'silent';
  }

  /** How many connections the proxy holds now. */
  get connections(): number {
    return this.sockets.size;
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode !== 'up') return; // silent: taken, never answered
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (this.mode === 'up' && !to.destroyed) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', cut);
    upstream.on('close', cut);
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
