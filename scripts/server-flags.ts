// The Node flags production runs the server with, read from `npm run serve` in package.json: the one
// place they are written. The bench, the budgets, the browser and the fault tests start the built
// server with them, so that what they measure and test is the server as it runs in production.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVE = /^node((?: --[a-z0-9-]+(?:=[^\s]+)?)*) dist\/server\/main\.js$/;

/** The flags between `node` and `dist/server/main.js` in the serve script. */
export function serverNodeFlags(packageJson = path.join(root, 'package.json')): string[] {
  const serve = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
  const flags = SERVE.exec(serve ?? '');
  if (!flags) throw new Error(`package.json's serve script is not "node [--flag …] dist/server/main.js": ${serve}`);
  return flags[1]!.split(' ').filter(Boolean);
}
