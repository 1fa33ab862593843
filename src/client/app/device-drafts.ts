/**
 * The one IndexedDB database where the wizard keeps the answers of a save that could not reach the
 * server (features/wizard/offline/unsaved-answers.ts). It holds personal data until the save goes
 * through: Submit and Logout delete it whole, whatever it holds. Here, outside the features, so that
 * Logout (dashboard) and the wizard share its name without importing each other.
 */
export const DEVICE_DRAFTS_DB = 'kibali-unsaved';

/** Deletes the database of unsaved answers; resolves once it is gone (or when there is no IndexedDB). */
export function forgetDeviceDrafts(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DEVICE_DRAFTS_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
