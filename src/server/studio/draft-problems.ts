import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { StudioProblem } from '../../shared/api/studio';
import type { FormsSet } from '../../shared/forms';
import type { FormsProblem } from '../../shared/forms-check/problems';
import { formsSetProblems } from '../../shared/forms-check/set-check';
import { placeProblems } from '../../shared/studio';

/** The steps whose problems are kept: every step of a few versions of the draft. */
const STEPS_KEPT = 64;

/**
 * The draft's problems, placed (the step, field or document each is about), as the studio shows them.
 * Each step's own problems are kept by the hash of its content: a step is compiled once per change
 * and each check compiles only the steps that changed, with a validator of its own that goes with it.
 * Runs in the studio's check worker (draft-check-worker.ts); pure, so a test may run it here too.
 */
export class DraftProblems {
  private readonly steps = new LRUCache<string, FormsProblem[]>({ max: STEPS_KEPT });
  /** How many steps were checked (not found kept): what a test of the keeping counts. */
  stepsChecked = 0;

  problems(content: string): StudioProblem[] {
    const set = JSON.parse(content) as FormsSet;
    const problems = formsSetProblems(set, {
      stepCheck: (id, step, check) => {
        const key = createHash('sha256').update(id).update('\u0000').update(JSON.stringify(step)).digest('base64url');
        let found = this.steps.get(key);
        if (!found) {
          this.stepsChecked += 1;
          found = check();
          this.steps.set(key, found);
        }
        return found;
      },
    });
    return placeProblems(set, problems);
  }
}
