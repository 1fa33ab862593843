import { setupServer } from 'msw/node';
import { makeHandlers } from '../../src/client/mocks/handlers';

/** The network of every client test: the mock backend without its delay; tests override calls with server.use. */
export const server = setupServer(...makeHandlers({ delayMs: 0 }));
