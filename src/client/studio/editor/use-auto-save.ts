import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from '../../../shared/envelope';
import type { StudioConflict } from '../../../shared/api/studio';

/** How long typing pauses before an edit is saved. */
export const SAVE_DELAY_MS = 800;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict';

export type SendResult =
  | { ok: true; base: number }
  | { ok: false; conflict: StudioConflict }
  | { ok: false; message: string; errors: FieldError[] };

export interface SendExtra {
  /** Where in the step's order (a move). */
  position?: number;
}

export type Send<T> = (value: T, base: number, extra?: SendExtra) => Promise<SendResult>;

/**
 * An item of the draft saved as the editor types: each edit waits for typing to pause, one save at a
 * time, each naming the item's revision it was made on (`base`, raised by each save's answer). A save
 * refused because someone else saved the item meanwhile keeps the edit and waits for the editor's
 * choice: their version (`takeTheirs`), or this one saved on top of theirs (`keepMine`).
 */
export function useAutoSave<T>(initialBase: number, send: Send<T>) {
  const [state, setState] = useState<SaveState>('idle');
  const [conflict, setConflict] = useState<StudioConflict | null>(null);
  const [failure, setFailure] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const base = useRef(initialBase);
  const value = useRef<T | undefined>(undefined);
  const dirty = useRef(false);
  const busy = useRef(false);
  const blocked = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const run = useCallback(async (extra?: SendExtra): Promise<SendResult | undefined> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (busy.current || blocked.current || (!dirty.current && !extra)) return undefined;
    busy.current = true;
    let once = extra;
    let result: SendResult;
    // One save at a time: what was typed during a save is saved after it, on the revision it answered.
    for (;;) {
      dirty.current = false;
      setState('saving');
      result = await sendRef.current(value.current as T, base.current, once);
      once = undefined;
      if (result.ok) base.current = result.base;
      if (!result.ok || !dirty.current || blocked.current) break;
    }
    busy.current = false;
    if (result.ok) {
      setFailure(null);
      setState('saved');
    } else if ('conflict' in result) {
      dirty.current = true;
      blocked.current = true;
      setConflict(result.conflict);
      setState('conflict');
    } else {
      dirty.current = true;
      setFailure({ message: result.message, errors: result.errors });
      setState('failed');
    }
    return result;
  }, []);

  /** The editor changed the item: saved once typing pauses. */
  const edit = useCallback(
    (next: T) => {
      value.current = next;
      dirty.current = true;
      if (blocked.current) return;
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), SAVE_DELAY_MS);
    },
    [run],
  );

  /** Saves at once (a move, or a pending edit before leaving). */
  const saveNow = useCallback(
    (next: T, extra?: SendExtra) => {
      value.current = next;
      dirty.current = true;
      return run(extra);
    },
    [run],
  );

  /** Save mine on top of theirs: the editor has seen who changed it. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    base.current = conflict.revision;
    blocked.current = false;
    setConflict(null);
    void run();
  }, [conflict, run]);

  /** Take theirs: the caller shows `conflict.question`; nothing of mine is saved. */
  const takeTheirs = useCallback(() => {
    if (!conflict) return;
    base.current = conflict.revision;
    blocked.current = false;
    dirty.current = false;
    setConflict(null);
    setState('saved');
  }, [conflict]);

  /**
   * The draft came in with the item at `revision` (another editor's save, seen on refocus): true when
   * the editor has nothing unsaved, so the caller may show the draft's version.
   */
  const syncTo = useCallback((revision: number) => {
    if (dirty.current || busy.current || blocked.current || revision < base.current) return false;
    base.current = revision;
    return true;
  }, []);

  // Leaving the page saves what waits for typing to pause.
  useEffect(
    () => () => {
      if (timer.current !== undefined) void run();
    },
    [run],
  );

  return { state, conflict, failure, edit, saveNow, keepMine, takeTheirs, syncTo, base: () => base.current };
}
