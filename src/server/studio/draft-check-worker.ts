import { parentPort } from 'node:worker_threads';
import { DraftProblems } from './draft-problems';
import type { CheckAnswer, CheckRequest } from './draft-checks';

/**
 * The studio's check worker (started by draft-checks.ts): the draft's problems off the server's
 * event loop. Bundled on its own by `npm run build:server` (dist/server/draft-check-worker.js).
 */
const checker = new DraftProblems();
parentPort?.on('message', ({ id, content }: CheckRequest) => {
  let answer: CheckAnswer;
  try {
    answer = { id, problems: checker.problems(content), stepsChecked: checker.stepsChecked };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
