import { parentPort } from 'node:worker_threads';
import type { FormsSet } from '../../shared/forms';
import { fullFormsCheck } from '../forms/check/check-forms';
import { DraftProblems } from './draft-problems';
import type { CheckAnswer, CheckRequest } from './draft-checks';

/**
 * The studio's check worker (started by draft-checks.ts): the draft's problems, and a publish's
 * full check (its smoke render too), off the server's event loop. Bundled on its own by `npm run build:server` (dist/server/draft-check-worker.js).
 */
const checker = new DraftProblems();
async function check({ id, kind, content }: CheckRequest): Promise<CheckAnswer> {
  try {
    const problems =
      kind === 'full' ? await fullFormsCheck(JSON.parse(content) as FormsSet) : checker.problems(content);
    return { id, problems };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: CheckRequest) => {
  void check(request).then((answer) => parentPort?.postMessage(answer));
});
