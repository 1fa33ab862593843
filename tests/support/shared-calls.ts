import type { ApiCall } from '../../src/shared/api/call';

// Every call defined in src/shared/api/, read from the modules themselves (for the contract tests of the
// server, the client and the error answers): an export is a call when it has an /api/ path, a method and
// an answer.
const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/api/*.ts', { eager: true });

const isCall = (value: unknown): value is ApiCall =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiCall).path === 'string' &&
  (value as ApiCall).path.startsWith('/api/') &&
  typeof (value as ApiCall).method === 'string' &&
  typeof (value as ApiCall).answer === 'object';

export const sharedCalls: ApiCall[] = Object.values(modules).flatMap((exports) =>
  Object.values(exports).filter(isCall),
);
