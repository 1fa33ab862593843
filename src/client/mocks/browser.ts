import { setupWorker } from 'msw/browser';
import { makeHandlers } from './handlers';

export async function startMockWorker(): Promise<void> {
  await setupWorker(...makeHandlers()).start({ onUnhandledRequest: 'warn' });
}
