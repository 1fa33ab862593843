import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { saveStatus } from './save-status';

/**
 * The status line under the Save buttons: "Saved on this phone" while a save waits for the network,
 * "Saved" once it went through. A polite live region, on the page from the start (empty), so that
 * screen readers announce each change.
 */
export function SaveStatus() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(saveStatus.subscribe, saveStatus.get, saveStatus.get);
  return (
    <p role="status" aria-live="polite" className="save-status" data-state={state}>
      {state === 'idle' ? '' : t(`wizard.save_status.${state}`)}
    </p>
  );
}
