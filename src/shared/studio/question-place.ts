import type { ShowWhen } from '../api/studio';
import { isJsonObject, type Json } from '../schema-walk';
import { sameJson } from './json-same';
import {
  conditionEntry,
  mirrorNames,
  setMirrorNames,
  simpleCondition,
  stepFields,
  type FieldPlace,
} from './step-fields';

const without = (list: unknown, name: string) => (Array.isArray(list) ? list.filter((n) => n !== name) : []);

/** The object that declares the field: the root, or its branch's `then`. */
function holder(schema: Json, place: FieldPlace): Json {
  if (place.branch === undefined) return schema;
  return (schema.allOf as Json[])[place.branch]!.then as Json;
}

/** Adds or removes the field's name in its holder's `required` (an emptied branch list goes). */
export function setRequired(schema: Json, place: FieldPlace, required: boolean): void {
  const at = holder(schema, place);
  const listed = Array.isArray(at.required) && at.required.includes(place.name);
  if (required && !listed) at.required = [...(Array.isArray(at.required) ? at.required : []), place.name];
  if (!required && listed) {
    at.required = without(at.required, place.name);
    // The root keeps "required": [] as the files write it; a branch's list goes with its last name.
    if (place.branch !== undefined && (at.required as unknown[]).length === 0) delete at.required;
  }
}

/** Takes a field out of the step's schema: its declaration, its required entry, its branch when empty, its mirror. */
export function removeField(schema: Json, place: FieldPlace): void {
  const at = holder(schema, place);
  if (isJsonObject(at.properties)) delete at.properties[place.name];
  setRequired(schema, place, false);
  if (place.branch === undefined) return;
  const remaining = stepFields(schema)
    .filter((f) => f.branch !== undefined)
    .map((f) => f.name);
  setMirrorNames(
    schema,
    mirrorNames(schema).filter((n) => n !== place.name || remaining.includes(n)),
  );
  if (isJsonObject(at.properties) && Object.keys(at.properties).length > 0) return;
  const allOf = schema.allOf as unknown[];
  allOf.splice(place.branch, 1);
  if (allOf.length === 0) delete schema.allOf;
}

/**
 * Declares a field: at the root, or, shown under a condition, in the branch of that condition (a new one
 * at the end of allOf when there is none) with its name in the patternProperties mirror.
 */
export function addField(schema: Json, name: string, field: Json, required: boolean, show?: ShowWhen): void {
  let at = schema;
  if (show) {
    const allOf = Array.isArray(schema.allOf) ? schema.allOf : (schema.allOf = []);
    let entry = allOf.find((e) => sameJson(simpleCondition(e), show)) as Json | undefined;
    if (!entry) allOf.push((entry = conditionEntry(show)));
    at = entry.then as Json;
    const mirror = mirrorNames(schema);
    if (!mirror.includes(name)) setMirrorNames(schema, [...mirror, name]);
  }
  if (!isJsonObject(at.properties)) at.properties = {};
  (at.properties as Json)[name] = field;
  if (required) at.required = [...(Array.isArray(at.required) ? at.required : []), name];
}

/** The field stays where it is: at the root with no condition, or in the branch of the same condition. */
export const samePlace = (place: FieldPlace, show: ShowWhen | undefined) =>
  place.branch === undefined ? !show && !place.elsewhere : !!place.showWhen && sameJson(place.showWhen, show);

/** Replaces the field's declaration where it is (the order of the holder's keys is kept). */
export function replaceField(schema: Json, place: FieldPlace, field: Json, required: boolean): void {
  (holder(schema, place).properties as Json)[place.name] = field;
  setRequired(schema, place, required);
}
