import type { FormsSet } from '../../shared/forms';
import { propertiesOf } from '../../shared/schema-walk';

/**
 * The draft's items and their revisions (src/shared/api/studio.ts): `question:<step>.<field>`,
 * `step:<step>`, `flows`, `document:<id>`, `texts`, `fees`. An item's revision is the draft's revision when the
 * item last changed, so revisions of different items compare: a step's title and description are kept
 * as a hidden item of their own (`step_texts:<step>`), and a save of those texts conflicts only with a
 * newer change of the texts, not with the questions of the step that the step item also counts.
 */
export interface ItemMark {
  revision: number;
  by: string | null;
  at: string | null;
}
export type ItemMarks = Record<string, ItemMark>;

export const questionItem = (step: string, field: string) => `question:${step}.${field}`;
export const stepItem = (step: string) => `step:${step}`;
export const stepTextsItem = (step: string) => `step_texts:${step}`;
export const documentItem = (id: string) => `document:${id}`;
export const FLOWS_ITEM = 'flows';
export const TEXTS_ITEM = 'texts';
export const FEES_ITEM = 'fees';

const HIDDEN_PREFIX = 'step_texts:';

export function markOf(marks: ItemMarks, item: string): ItemMark {
  return marks[item] ?? { revision: 0, by: null, at: null };
}

/** The fields of a step (its schema's top-level properties). */
export function fieldsOf(set: FormsSet, step: string): string[] {
  const form = set.steps[step];
  return form ? [...propertiesOf(form.schema).keys()] : [];
}

/** Every item the set has now (a reset raises them all, so an editor's stale view conflicts). */
export function itemsOf(set: FormsSet): string[] {
  const items = [FLOWS_ITEM, TEXTS_ITEM, FEES_ITEM];
  for (const step of Object.keys(set.steps)) {
    items.push(stepItem(step), stepTextsItem(step));
    for (const field of fieldsOf(set, step)) items.push(questionItem(step, field));
  }
  for (const rule of set.documents) if (typeof rule?.id === 'string') items.push(documentItem(rule.id));
  return items;
}

/** `marks` with each of `items` marked as changed now. */
export function marked(marks: ItemMarks, items: Iterable<string>, mark: ItemMark): ItemMarks {
  const next = { ...marks };
  for (const item of items) next[item] = mark;
  return next;
}

/** The revisions as the contract sends them: each item's number, without the hidden ones. */
export function wireRevisions(marks: ItemMarks): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [item, mark] of Object.entries(marks)) if (!item.startsWith(HIDDEN_PREFIX)) out[item] = mark.revision;
  return out;
}
