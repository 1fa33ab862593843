import { useEffect, useState } from 'react';
import { getSplash } from '../../../shared/api/splash';
import type { LocalizedText } from '../../../shared/reference-data';
import { REFERENCE_LISTS } from '../../../shared/reference-lists';
import { isJsonObject } from '../../../shared/schema-walk';

/** The reference lists a step may be bound to ("x-reference"), as the applicants' wizard has them. */
export type PreviewLists = Partial<Record<string, { id: number; name: LocalizedText }[]>>;

/** The public reference data (the wizard's own call): the preview shows the real lists' items. */
const SPLASH_URL = getSplash.path;

/** Only the lists a step can name, each item's id and name: nothing else of the answer is kept. */
export function listsOf(answer: unknown): PreviewLists {
  const data = isJsonObject(answer) && isJsonObject(answer.response) ? answer.response.data : undefined;
  if (!isJsonObject(data)) return {};
  const lists: PreviewLists = {};
  for (const list of REFERENCE_LISTS) {
    const items = data[list];
    if (!Array.isArray(items)) continue;
    lists[list] = items.flatMap((item) =>
      isJsonObject(item) && typeof item.id === 'number' && isJsonObject(item.name)
        ? [{ id: item.id, name: { en: String(item.name.en ?? ''), sw: String(item.name.sw ?? '') } }]
        : [],
    );
  }
  return lists;
}

/**
 * The reference lists, read once when the frame opens; until they come (or if they cannot be read),
 * none: the preview then numbers a list's items.
 */
export function usePreviewLists(): PreviewLists {
  const [lists, setLists] = useState<PreviewLists>({});
  useEffect(() => {
    let live = true;
    fetch(SPLASH_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((res) => (res.ok ? res.json() : undefined))
      .then((answer: unknown) => live && setLists(listsOf(answer)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return lists;
}
