import { lazy, Suspense, type ComponentType } from 'react';

type Load = () => Promise<unknown>;

/** The loaders of the parts of each group, as their stand-ins are made (vite.config.ts, LAZY_RJSF_PARTS). */
const groups = new Map<string, Set<Load>>();

/**
 * Starts loading every part of a group: a table's (RJSF's ArrayField, its templates and buttons) come
 * together, rather than one after another as each draws the next. The wizard asks for a table's parts
 * ahead when a step next to the one shown has a table.
 */
export function preloadParts(group: string): Promise<unknown> {
  return Promise.all([...(groups.get(group) ?? [])].map((load) => load()));
}

/**
 * A part of a form (an RJSF field, widget or template) in a file of its own, loaded the first time a
 * form draws it (with the rest of its group, if it has one): until then it draws nothing in its place,
 * and the rest of the form is drawn and usable.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  group?: string,
): ComponentType<P> {
  if (group) groups.set(group, (groups.get(group) ?? new Set()).add(load));
  const Part = lazy(group ? () => preloadParts(group).then(load) : load);
  function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
