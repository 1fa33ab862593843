/**
 * Where the last save stands, for the status line under the Save buttons: `device` while its answers
 * wait on this phone for the network, `saved` once a save kept on the phone reached the server.
 * A tiny store outside Redux: the status line is the only reader.
 */
export type SaveState = 'idle' | 'device' | 'saved';

let state: SaveState = 'idle';
const listeners = new Set<() => void>();

export const saveStatus = {
  get: (): SaveState => state,
  set(next: SaveState): void {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
