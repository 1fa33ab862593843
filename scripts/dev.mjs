// `npm run dev`: the API (restarting on change) and Vite's dev server (hot reload) side by side.
// Open http://localhost:5173; Vite forwards /api to the API on PORT (8080).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The SMS codes are never logged: read them at http://localhost:5173/api/dev/outbox.
    env: { DEV_TOOLS: '1', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
