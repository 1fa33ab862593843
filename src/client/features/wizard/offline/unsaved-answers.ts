import { DEVICE_DRAFTS_DB } from '../../../app/device-drafts';
import type { StepAnswers } from '../wizard-slice';

/**
 * The answers of the save waiting for the network, kept in IndexedDB so that they survive a closed tab
 * or a dead battery until the next attempt sends them. One record only, of the draft being filled in
 * (its reference number, or `new` before the first save): keeping another draft's answers replaces it.
 * Loaded lazily: only a save that could not reach the server uses it.
 */
export interface UnsavedAnswers {
  /** The draft's reference number, or `new` before its first save. */
  draft: string;
  step: string;
  answers: StepAnswers;
  /** The save's idempotency key: the attempt that finally reaches the server is the same save. */
  save_id: string;
  /** Save & Complete Later of a step not valid yet (kept unfinished). */
  unfinished?: boolean;
}

/** Answers typed (no button pressed) while offline or while a save waits: put back into the step after a reload. */
export interface TypedAnswers {
  draft: string;
  step: string;
  answers: StepAnswers;
}

const STORE = 'unsaved';
const ONLY = 'current';
const TYPED = 'typed';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DRAFTS_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

/** Keeps these answers as the only unsaved ones. */
export async function keepUnsaved(unsaved: UnsavedAnswers): Promise<void> {
  await run('readwrite', (store) => store.put(unsaved, ONLY));
}

/** The unsaved answers kept, if any. */
export async function readUnsaved(): Promise<UnsavedAnswers | undefined> {
  return (await run<UnsavedAnswers | undefined>('readonly', (store) => store.get(ONLY))) ?? undefined;
}

/** Forgets the unsaved answers (they reached the server). */
export async function forgetUnsaved(): Promise<void> {
  await run('readwrite', (store) => store.delete(ONLY));
}

/** Keeps the answers typed on a step as the only typed ones (another draft's are replaced). */
export async function keepTyped(typed: TypedAnswers): Promise<void> {
  await run('readwrite', (store) => store.put(typed, TYPED));
}

/** The answers typed and not saved yet, if any. */
export async function readTyped(): Promise<TypedAnswers | undefined> {
  return (await run<TypedAnswers | undefined>('readonly', (store) => store.get(TYPED))) ?? undefined;
}

/** Forgets the typed answers (saved, or of another draft). */
export async function forgetTyped(): Promise<void> {
  await run('readwrite', (store) => store.delete(TYPED));
}
