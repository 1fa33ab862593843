// A fake SMS gateway in the bench process: the server posts {to, message} to it as to a real one; it keeps
// the latest one-time code per phone number so that the load clients can answer sign-in challenges.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateway {
  url: string;
  /** The newest code sent to this phone, if any. */
  codeFor(phone: string): string | undefined;
  sent(): number;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const codes = new Map<string, string>();
  let sent = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const { to, message } = JSON.parse(Buffer.concat(chunks).toString()) as { to: string; message: string };
        const code = /\b(\d{6})\b/.exec(message)?.[1];
        if (code) codes.set(to, code);
        sent++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    codeFor: (phone) => codes.get(phone),
    sent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
