/**
 * The words a step's JSON Schema may use. Any other word is a mistake: JSON Schema ignores words it
 * does not know, so "requried" would silently make every field of a step optional.
 */

/** JSON Schema's own words (draft-07, as the validator reads it). */
export const JSON_SCHEMA_WORDS = [
  '$schema',
  '$id',
  '$ref',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentMediaType',
  'contentEncoding',
  'items',
  'additionalItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'dependencies',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
] as const;

/**
 * Kibali's own words: a reference list a field's choices come from, a value the form computes, a
 * format said in words for applicants and testers (a text key), the step module a step is
 * (src/shared/step-modules.ts), and an entry per document of documents.json
 * (`{"for": "all" | "drawings", "each": <schema>}`, src/shared/document-fields.ts).
 */
export const OWN_WORDS = ['x-reference', 'x-computed', 'x-format-description', 'x-step-module', 'x-documents'] as const;

export const SCHEMA_WORDS: ReadonlySet<string> = new Set([...JSON_SCHEMA_WORDS, ...OWN_WORDS]);

/** Words whose value is one schema, a map of names to schemas, or a list of schemas. */
export const ONE_SCHEMA = [
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
] as const;
export const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'] as const;
export const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'] as const;

/**
 * The "ui:" words a UI schema may use (RJSF's UI options). Any other is ignored by the form, so a
 * misspelt "ui:widgt" would silently show the default control.
 */
export const UI_WORDS: ReadonlySet<string> = new Set([
  'ui:widget',
  'ui:field',
  'ui:options',
  'ui:order',
  'ui:title',
  'ui:description',
  'ui:help',
  'ui:placeholder',
  'ui:autocomplete',
  'ui:autofocus',
  'ui:readonly',
  'ui:disabled',
  'ui:hidden',
  'ui:inputType',
  'ui:label',
  'ui:classNames',
  'ui:style',
  'ui:rows',
  'ui:emptyValue',
  'ui:enumNames',
  'ui:enumDisabled',
  'ui:enumOptions',
  'ui:orderable',
  'ui:addable',
  'ui:removable',
  'ui:copyable',
  'ui:hideError',
  'ui:filePreview',
  'ui:accept',
  'ui:submitButtonOptions',
  'ui:globalOptions',
  'ui:duplicateKeySuffixSeparator',
]);
