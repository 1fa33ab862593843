import { createContext, useContext } from 'react';
import { PAGE_SETTINGS_META, type PageSettings } from '../../shared/served-page';

/**
 * The settings the server wrote into the page (src/shared/served-page.ts). Absent under the Vite dev
 * server and in tests: then the contact settings come with the reference data.
 */
export const PageSettingsContext = createContext<PageSettings | undefined>(undefined);

export function usePageSettings(): PageSettings | undefined {
  return useContext(PageSettingsContext);
}

function isPageSettings(value: unknown): value is PageSettings {
  const v = value as Partial<PageSettings> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.support_phone === 'string' &&
    typeof v.whatsapp_number === 'string' &&
    Number.isInteger(v.year)
  );
}

/** The settings the server wrote into `doc`, if it did. */
export function pageSettingsOf(doc: Document): PageSettings | undefined {
  const content = doc.querySelector(`meta[name="${PAGE_SETTINGS_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed: unknown = JSON.parse(content);
    return isPageSettings(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
