import type { FormsChange, QuestionSpec } from '../api/studio';
import type { FormsSet } from '../forms';
import { LANGUAGES } from '../reference-data';
import { APPLICATION_TYPES } from '../wizard-driver';
import { sameJson } from './json-same';
import { hasWords } from './question-schema';
import { fieldTextKeys } from './question-write';
import { stepFields, type FieldPlace } from './step-fields';
import { localizedOf, textKeysOf, textOf } from './step-texts';
import { readQuestion } from './step-view';
import { fieldsInOrder, stepsInFlowOrder } from './text-entries';

type Context = Pick<FormsChange, 'step' | 'step_title' | 'field' | 'label'>;

/** What changed in a question, by the names of FormsChange.what. */
function questionWhat(a: QuestionSpec, b: QuestionSpec): string[] {
  const what: string[] = [];
  if (a.required !== b.required) what.push('required');
  if (a.type !== b.type || a.reference_list !== b.reference_list) what.push('type');
  if (a.format?.pattern !== b.format?.pattern) what.push('format');
  if ((['min_length', 'max_length', 'minimum', 'maximum'] as const).some((k) => a[k] !== b[k])) what.push('limits');
  const values = (q: QuestionSpec) => (q.options ?? []).map((o) => o.value);
  if (!sameJson(values(a), values(b))) what.push('options');
  if (!sameJson(a.show_when, b.show_when)) what.push('show_when');
  if (hasWords(a.help) !== hasWords(b.help)) what.push('help');
  return what;
}

/** The words of a text key that changed, per language. */
function textChanges(before: FormsSet, after: FormsSet, key: string, context: Context): FormsChange[] {
  const changes: FormsChange[] = [];
  for (const language of LANGUAGES) {
    const [was, now] = [textOf(before.texts[language], key) ?? '', textOf(after.texts[language], key) ?? ''];
    if (was !== now) changes.push({ kind: 'text_changed', ...context, key, language, before: was, after: now });
  }
  return changes;
}

function fieldChanges(
  before: FormsSet,
  after: FormsSet,
  step: string,
  was: FieldPlace,
  now: FieldPlace,
  context: Context,
  done: Set<string>,
): FormsChange[] {
  const [a, b] = [readQuestion(before, step, was.name), readQuestion(after, step, now.name)];
  let what: string[];
  if (a && b) what = questionWhat(a, b);
  else {
    what = was.required !== now.required ? ['required'] : [];
    const [uiA, uiB] = [before.steps[step]!.uiSchema[was.name], after.steps[step]!.uiSchema[now.name]];
    // A field the model does not express (a table, say) changed in some other way: its schema.
    if (!sameJson(was.schema, now.schema) || !sameJson(uiA, uiB) || !sameJson(was.showWhen, now.showWhen))
      what.push('schema');
  }
  const changes: FormsChange[] =
    what.length > 0 ? [{ kind: 'question_changed', ...context, required: now.required, what }] : [];
  // Reworded texts of what it had before and still has; a text that came or went with a part is in `what`.
  const keysA = fieldTextKeys(was.schema, before.steps[step]!.uiSchema[was.name]);
  const keysB = fieldTextKeys(now.schema, after.steps[step]!.uiSchema[now.name]);
  for (const key of keysB)
    if (keysA.has(key) && !done.has(key)) {
      done.add(key);
      changes.push(...textChanges(before, after, key, context));
    }
  for (const key of [...keysA, ...keysB]) done.add(key);
  return changes;
}

function stepChanges(before: FormsSet, after: FormsSet, step: string, done: Set<string>): FormsChange[] {
  const [formA, formB] = [before.steps[step], after.steps[step]];
  if (!formA || !formB) {
    const form = (formB ?? formA)!;
    for (const key of fieldTextKeys(form.schema, form.uiSchema)) done.add(key);
    const kind = formB ? 'step_added' : 'step_removed';
    return [{ kind, step, step_title: localizedOf(formB ? after : before, form.schema.title) }];
  }
  const step_title = localizedOf(after, formB.schema.title);
  const changes: FormsChange[] = [];
  for (const key of [formB.schema.title, formB.schema.description])
    if (typeof key === 'string' && !done.has(key)) {
      done.add(key);
      changes.push(...textChanges(before, after, key, { step, step_title }));
    }
  const [fieldsA, fieldsB] = [stepFields(formA.schema), stepFields(formB.schema)];
  const names = fieldsInOrder(after, step);
  for (const name of fieldsInOrder(before, step)) if (!names.includes(name)) names.push(name);
  for (const name of names) {
    const [was, now] = [fieldsA.find((f) => f.name === name), fieldsB.find((f) => f.name === name)];
    const place = (now ?? was)!;
    const set = now ? after : before;
    const context = { step, step_title, field: name, label: localizedOf(set, place.schema.title) };
    if (was && now) {
      changes.push(...fieldChanges(before, after, step, was, now, context, done));
      continue;
    }
    const form = now ? formB : formA;
    for (const key of fieldTextKeys(place.schema, form.uiSchema[name])) done.add(key);
    changes.push({ kind: now ? 'question_added' : 'question_removed', ...context, required: place.required });
  }
  return changes;
}

function documentChanges(before: FormsSet, after: FormsSet): FormsChange[] {
  const changes: FormsChange[] = [];
  for (const doc of after.documents) {
    const old = before.documents.find((d) => d.id === doc.id);
    const said = { document: doc.id, label: doc.name, required: doc.required };
    if (!old) changes.push({ kind: 'document_added', ...said });
    else {
      const keys = [...new Set([...Object.keys(old), ...Object.keys(doc)])] as (keyof typeof doc)[];
      const what = keys.filter((k) => !sameJson(old[k], doc[k]));
      if (what.length > 0) changes.push({ kind: 'document_changed', ...said, what });
    }
  }
  for (const old of before.documents)
    if (!after.documents.some((d) => d.id === old.id))
      changes.push({ kind: 'document_removed', document: old.id, label: old.name, required: old.required });
  return changes;
}

/**
 * What changed between two forms sets, in the order the applicant meets it, for the studio to say in
 * words: the flows, then each step (added, removed, its texts, its questions added, removed, changed
 * and reworded), then texts no step uses, then the documents. Labels and step titles are the new
 * words, or the old ones for what was removed.
 */
export function formsChanges(before: FormsSet, after: FormsSet): FormsChange[] {
  const changes: FormsChange[] = [];
  for (const flow of APPLICATION_TYPES)
    if (!sameJson(before.flows[flow], after.flows[flow])) changes.push({ kind: 'flow_changed', flow });
  const steps = stepsInFlowOrder(after);
  for (const step of stepsInFlowOrder(before)) if (!steps.includes(step)) steps.push(step);
  const done = new Set<string>();
  for (const step of steps) changes.push(...stepChanges(before, after, step, done));
  const rest = [...new Set(LANGUAGES.flatMap((l) => [...textKeysOf(before.texts[l]), ...textKeysOf(after.texts[l])]))];
  for (const key of rest)
    if (!done.has(key)) {
      done.add(key);
      changes.push(...textChanges(before, after, key, {}));
    }
  changes.push(...documentChanges(before, after));
  return changes;
}
