import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StudioProblem } from '../../shared/api/studio';
import type { FormsSet } from '../../shared/forms';
import type { FormsProblem } from '../../shared/forms-check/problems';

/**
 * What the server asks its check worker (draft-check-worker.ts), and what it answers: the draft's
 * problems, placed (`draft`), or every problem of a set about to be published, the smoke render's too
 * (`full`, src/server/forms/check/check-forms.ts).
 */
export interface CheckRequest {
  id: number;
  kind: 'draft' | 'full';
  /** The forms set, as JSON. */
  content: string;
}
export type CheckAnswer = { id: number; problems: StudioProblem[] | FormsProblem[] } | { id: number; error: string };

/** The worker's heap: a draft is at most 4 MB of JSON (STUDIO_DRAFT_MAX_BYTES); a check that needs more fails alone. */
const WORKER_HEAP_MB = 512;

/**
 * The worker's module. From the sources (tsx, the tests), the file beside this one, loaded through
 * tsx's loader, which a worker does not inherit; bundled (`npm run build:server`, a test's bundle), the
 * worker's own bundle beside the server's entry, whose shared chunks sit in `chunks/`.
 */
function workerModule(): { entry: string; tsx?: string } {
  const here = fileURLToPath(import.meta.url);
  if (/\.tsx?$/.test(here))
    return {
      entry: pathToFileURL(path.join(path.dirname(here), 'draft-check-worker.ts')).href,
      tsx: import.meta.resolve('tsx/esm/api'),
    };
  const dir = path.dirname(here);
  const entryDir = path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
  return { entry: pathToFileURL(path.join(entryDir, `draft-check-worker${path.extname(here)}`)).href };
}

/** Starts the worker's module in a worker thread (an ES module, so through import()). */
const BOOT = `const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.entry);
})();`;

/**
 * How long a check may take, from its asking to its answer (a wait behind the worker's earlier checks
 * included): a draft check of a 4 MB draft takes a few seconds, a publish's full check (its smoke render)
 * some more. Past it the worker is ended (a check that never ends would otherwise hold every later
 * get_draft and publish, one worker checking one after another), the check fails (503
 * studio.check_failed), and the checks still waiting are asked again of a new worker.
 */
export const DRAFT_CHECK_DEADLINE_MS = 30_000;

interface Waiting {
  kind: CheckRequest['kind'];
  content: string;
  timer: NodeJS.Timeout;
  resolve(problems: StudioProblem[] | FormsProblem[]): void;
  reject(error: Error): void;
}

/**
 * The studio's check of its draft, off the event loop: each check runs in a worker thread (its own
 * heap: however long a check takes, it is the worker's time, never the server's), which
 * keeps each step's problems by its content (draft-problems.ts). The same draft asked again (every
 * get_draft of an unchanged draft) is answered from the last check without asking the worker. The
 * worker starts on the first check, holds the process open only while a check is under way, is
 * started again after a failure or a check past its deadline (DRAFT_CHECK_DEADLINE_MS), and ends with
 * the app (close). A publish's full check runs there too;
 * the worker then ends once it is idle, and with it the React and MUI its smoke render loaded.
 */
export class DraftChecks {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private last: { content: string; problems: Promise<StudioProblem[]> } | undefined;
  private closed = false;
  /** The worker ran a full check: it ends once idle. */
  private retire = false;

  /** `deadlineMs`: how long a check may take (DRAFT_CHECK_DEADLINE_MS). */
  constructor(private readonly deadlineMs = DRAFT_CHECK_DEADLINE_MS) {}

  /** The problems of the draft whose forms set is `content` (its JSON). */
  problems(content: string): Promise<StudioProblem[]> {
    if (this.last?.content === content) return this.last.problems;
    const problems = this.ask('draft', content) as Promise<StudioProblem[]>;
    const entry = { content, problems };
    this.last = entry;
    problems.catch(() => {
      if (this.last === entry) this.last = undefined;
    });
    return problems;
  }

  /** Every problem of `set`, as a publish checks it (the smoke render included). */
  full(set: FormsSet): Promise<FormsProblem[]> {
    return this.ask('full', JSON.stringify(set));
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the studio’s checks have ended'));
    await worker?.terminate();
  }

  private ask(kind: CheckRequest['kind'], content: string): Promise<StudioProblem[] | FormsProblem[]> {
    if (this.closed) return Promise.reject(new Error('the studio’s checks have ended'));
    const id = this.nextId++;
    return new Promise<StudioProblem[] | FormsProblem[]>((resolve, reject) => {
      const timer = setTimeout(() => this.overdue(id), this.deadlineMs);
      timer.unref();
      this.waiting.set(id, { kind, content, timer, resolve, reject });
      this.post(id, kind, content);
    });
  }

  private post(id: number, kind: CheckRequest['kind'], content: string): void {
    const worker = (this.worker ??= this.start());
    if (kind === 'full') this.retire = true;
    worker.ref();
    worker.postMessage({ id, kind, content } satisfies CheckRequest);
  }

  /** Check `id` is past its deadline: it fails, its worker is ended, and the others are asked of a new one. */
  private overdue(id: number): void {
    const late = this.waiting.get(id);
    if (!late) return;
    this.waiting.delete(id);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    late.reject(new Error(`the studio’s check took longer than ${this.deadlineMs} ms`));
    for (const [other, w] of this.waiting) this.post(other, w.kind, w.content);
  }

  private start(): Worker {
    this.retire = false;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: workerModule(),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on('message', (answer: CheckAnswer) => {
      if (this.worker !== worker) return;
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) {
        if (this.retire && this.worker === worker) {
          this.worker = undefined;
          void worker.terminate();
        } else worker.unref();
      }
      if (!waiting) return;
      clearTimeout(waiting.timer);
      if ('error' in answer) return waiting.reject(new Error(`the studio’s check failed: ${answer.error}`));
      waiting.resolve(answer.problems);
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the studio’s check worker stopped (exit code ${code})`)));
    return worker;
  }

  private failAll(error: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) {
      clearTimeout(w.timer);
      w.reject(error);
    }
  }
}
