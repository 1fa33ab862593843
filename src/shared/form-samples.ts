import type Ajv from 'ajv';
import { crossStepErrors } from './cross-step-rules';
import { documentSteps } from './document-fields';
import { documentsFor } from './document-rules';
import type { DocumentRule, FormsSet, JsonSchema } from './forms';
import { isJsonObject as isObject } from './schema-walk';
import { applyComputed, errorPath } from './step-answers';
import type { ApplicationType } from './wizard-driver';
import { stepWithModule } from './step-modules';

/**
 * Sample answers per flow (schemas/samples/<type>.json): for every step of the flow, by step id, the
 * answers an applicant would give. They are policy data beside the forms: checked against every
 * version, and the demo seed and the test fixtures are built from them. Three kinds of value cannot
 * be real in a file and follow a convention (schemas/README.md):
 *  - a reference field (`x-reference`) holds the POSITION of its item in the reference list (1 for
 *    the first), which `withReferenceIds` turns into the item's id in the database;
 *  - the engineer step's `validation_token` is SAMPLE_ENGINEER_TOKEN: whoever saves the sample
 *    confirms the engineer (SMS code, or the demo seed's own vouching) and puts the real token;
 *  - each attachment id in the uploads step (`documents`) is SAMPLE_UPLOAD: whoever saves the sample
 *    uploads a small file as that document and puts the attachment id the upload answered.
 */
export type Answers = Record<string, unknown>;
/** One flow's sample: step id → the step's answers. */
export type FlowSample = Record<string, Answers>;
export type FlowSamples = Partial<Record<ApplicationType, FlowSample>>;

export const SAMPLE_UPLOAD = 'sample-upload';
export const SAMPLE_ENGINEER_TOKEN = 'sample-engineer-token';

/** Reference lists by name (as the splash answers them): the items in their order, with their ids. */
export type ReferenceLists = Partial<Record<string, readonly { id: number }[]>>;

/**
 * The step's sample answers with each reference field's position (1, 2, …) replaced by the id of that
 * item of its list (wrapping round when the list is shorter). A fresh copy; other values are kept.
 */
export function withReferenceIds(schema: JsonSchema, answers: unknown, lists: ReferenceLists): unknown {
  if (Array.isArray(answers)) {
    return isObject(schema.items)
      ? answers.map((item) => withReferenceIds(schema.items as JsonSchema, item, lists))
      : answers;
  }
  const list = schema['x-reference'];
  if (typeof list === 'string' && typeof answers === 'number') {
    const items = lists[list] ?? [];
    if (items.length === 0) throw new Error(`The reference list ${list} is empty`);
    return items[(answers - 1 + items.length * 1000) % items.length]!.id;
  }
  if (!isObject(answers)) return answers;
  const out: Answers = {};
  const properties = propertiesWithConditionals(schema);
  for (const [name, value] of Object.entries(answers)) {
    const sub = properties[name];
    out[name] = sub ? withReferenceIds(sub, value, lists) : structuredClone(value);
  }
  return out;
}

/** An object schema's properties, with those declared inside allOf/then (conditional fields). */
function propertiesWithConditionals(schema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {
    ...(isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {}),
  };
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as JsonSchema[]) {
      const then = isObject(part.then) && isObject(part.then.properties) ? part.then.properties : {};
      Object.assign(out, then);
    }
  }
  return out;
}

/**
 * The documents that apply to an application of this type with these answers (the one evaluation of
 * the rules: src/shared/document-rules.ts).
 */
export function applicableDocuments(
  documents: readonly DocumentRule[],
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
): DocumentRule[] {
  return documentsFor(type, answers, documents);
}

/** The step of a flow that takes the documents: its documents module (src/shared/step-modules.ts). */
export function uploadsStepOf(set: Pick<FormsSet, 'steps'>, flow: readonly string[]): string | undefined {
  return stepWithModule(set.steps, 'documents', flow);
}

/**
 * What is wrong with a flow's sample against a set of forms, in words for a policy officer (empty when
 * nothing): a step of the flow without answers, answers for a step not in the flow, answers a step's
 * schema refuses (as the server validates them, totals computed), a rule across steps broken, a
 * reference field that is not a position, a required document not named in the uploads step.
 */
export function sampleProblems(
  set: Pick<FormsSet, 'steps' | 'flows' | 'documents'>,
  type: ApplicationType,
  sample: FlowSample | undefined,
  ajv: Ajv,
): string[] {
  const file = `samples/${type}.json`;
  if (!isObject(sample)) return [`${file} is missing: every flow needs sample answers`];
  const flow = set.flows[type] ?? [];
  const problems: string[] = [];
  for (const step of flow) if (!isObject(sample[step])) problems.push(`${file} has no answers for the step "${step}"`);
  for (const step of Object.keys(sample)) {
    if (!flow.includes(step))
      problems.push(`${file} has answers for "${step}", which is not a step of the ${type} flow`);
  }
  // As served: the uploads step has an entry per document of the rules (x-documents).
  const steps = documentSteps(set.steps, set.documents);
  for (const step of flow) {
    const schema = steps[step]?.schema;
    const answers = sample[step];
    if (!schema || !isObject(answers)) continue;
    walkSchemaValues(schema, answers, (node, value, where) => {
      if (typeof node['x-reference'] === 'string' && !(Number.isInteger(value) && (value as number) >= 1)) {
        problems.push(`${file}, step "${step}", ${where}: a reference field holds the position of its item (1, 2, …)`);
      }
    });
    const validate = ajv.compile(schema);
    if (!validate(applyComputed(schema, answers))) {
      for (const error of validate.errors ?? []) {
        if (error.keyword === 'if') continue;
        problems.push(`${file}, step "${step}", ${errorPath(error) || 'the step'}: ${error.message ?? error.keyword}`);
      }
    }
  }
  for (const error of crossStepErrors(sample, set.steps, flow)) problems.push(`${file}, ${error.path}: ${error.key}`);
  const uploads = uploadsStepOf(set, flow);
  if (uploads && isObject(sample[uploads])) {
    const named = sample[uploads].documents;
    const given = isObject(named) ? named : {};
    for (const document of applicableDocuments(set.documents, type, sample)) {
      if (document.required && given[document.id] === undefined) {
        problems.push(`${file}, step "${uploads}": the required document "${document.id}" is not named`);
      }
    }
    for (const [id, value] of Object.entries(given)) {
      if (value !== SAMPLE_UPLOAD)
        problems.push(`${file}, step "${uploads}", document "${id}": write "${SAMPLE_UPLOAD}"`);
    }
  }
  return problems;
}

/** Calls `visit` for each schema node that has a value in `answers` (into objects, arrays and conditionals). */
function walkSchemaValues(
  schema: JsonSchema,
  value: unknown,
  visit: (node: JsonSchema, value: unknown, where: string) => void,
  where = '',
): void {
  visit(schema, value, where || '/');
  if (Array.isArray(value) && isObject(schema.items)) {
    value.forEach((item, i) => walkSchemaValues(schema.items as JsonSchema, item, visit, `${where}/${i}`));
  } else if (isObject(value)) {
    const properties = propertiesWithConditionals(schema);
    for (const [name, sub] of Object.entries(properties)) {
      if (name in value) walkSchemaValues(sub, value[name], visit, `${where}/${name}`);
    }
  }
}

/** One step of a flow with the answers to save for it. */
export interface SampleStep {
  step: string;
  answers: Answers;
}

/**
 * The steps of `type`'s flow in order, each with its sample answers ready to save: reference positions
 * turned into ids of `lists`, and `overrides` (by step id) merged in where the step's schema declares
 * the name (an override for a field the forms no longer have is left out, not refused). A step the
 * flow's own sample does not answer (e.g. a step just added to the flow) is answered from another
 * flow's sample when one has it; the placeholders stay for the caller (`fillPlaceholders`).
 */
export function sampleSteps(
  set: Pick<FormsSet, 'steps' | 'flows'>,
  type: ApplicationType,
  samples: FlowSamples,
  lists: ReferenceLists,
  overrides: Record<string, Answers> = {},
): SampleStep[] {
  return (set.flows[type] ?? []).map((step) => {
    const schema = set.steps[step]?.schema;
    const own = samples[type]?.[step];
    const answers = own ?? Object.values(samples).find((sample) => isObject(sample?.[step]))?.[step];
    if (!schema || !isObject(answers)) {
      throw new Error(
        `No sample answers for the step "${step}" of the ${type} flow: add them to schemas/samples/${type}.json`,
      );
    }
    const declared = propertiesWithConditionals(schema);
    const extra = Object.fromEntries(Object.entries(overrides[step] ?? {}).filter(([name]) => name in declared));
    return { step, answers: withReferenceIds(schema, { ...answers, ...extra }, lists) as Answers };
  });
}

/** The document codes whose attachment id is the SAMPLE_UPLOAD placeholder in a step's answers. */
export function sampleUploads(answers: unknown): string[] {
  const codes: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        if (sub === SAMPLE_UPLOAD) codes.push(name);
        else walk(sub);
      }
    }
  };
  walk(answers);
  return codes;
}

/**
 * A step's answers with the placeholders replaced: SAMPLE_ENGINEER_TOKEN by `engineerToken`, each
 * SAMPLE_UPLOAD by the attachment id of its document in `attachments` (left out when there is none).
 */
export function fillPlaceholders(
  answers: Answers,
  fill: { engineerToken?: string; attachments?: Readonly<Record<string, string>> },
): Answers {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value === SAMPLE_ENGINEER_TOKEN ? fill.engineerToken : value;
    const out: Answers = {};
    for (const [name, sub] of Object.entries(value)) {
      const filled = sub === SAMPLE_UPLOAD ? fill.attachments?.[name] : walk(sub);
      if (filled !== undefined) out[name] = filled;
    }
    return out;
  };
  return walk(answers) as Answers;
}
