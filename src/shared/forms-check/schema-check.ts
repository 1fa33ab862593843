import stableStringify from 'fast-json-stable-stringify';
import { createAjv, REFERENCE_LISTS, type JsonSchema } from '../forms';
import { isJsonObject, type Json } from '../schema-walk';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import { listParam, ProblemList, quotedList, type ProblemPath } from './problems';
import { JSON_SCHEMA_WORDS, ONE_SCHEMA, OWN_WORDS, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_WORDS } from './schema-words';

/**
 * Every word of a schema is one JSON Schema or Kibali knows: an unknown word is ignored by the
 * validator, so a misspelt "requried" or "patern" silently stops checking the applicant's answers.
 */
export function unknownWords(file: string, schema: unknown, problems: ProblemList, path: ProblemPath = []): void {
  if (!isJsonObject(schema)) {
    if (typeof schema !== 'boolean')
      problems.error(file, path, 'a schema is expected here: an object in braces { … } describing the answer.', {
        code: 'schema_expected',
      });
    return;
  }
  for (const word of Object.keys(schema)) {
    if (SCHEMA_WORDS.has(word)) continue;
    const suggestion = suggestionFor(word, SCHEMA_WORDS);
    problems.error(
      file,
      [...path, word],
      `"${word}" is not a word a schema may use, so it would be silently ignored.${didYouMeanText(suggestion)}`,
      { code: 'schema_word_unknown', params: { word, suggestion } },
    );
  }
  for (const word of ONE_SCHEMA)
    if (isJsonObject(schema[word])) unknownWords(file, schema[word], problems, [...path, word]);
  for (const word of SCHEMA_MAPS) {
    const map = schema[word];
    if (!isJsonObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      // "dependencies" may also map a name to the list of names it brings along.
      if (word === 'dependencies' && Array.isArray(sub)) continue;
      unknownWords(file, sub, problems, [...path, word, name]);
    }
  }
  for (const word of SCHEMA_LISTS) {
    const list = schema[word];
    if (Array.isArray(list)) list.forEach((sub, i) => unknownWords(file, sub, problems, [...path, word, i]));
  }
  if ('x-documents' in schema) documentsWordProblems(file, schema, problems, path);
}

/**
 * "x-documents": `{"for": "all" | "drawings", "each": <the schema of one entry>}` on an object whose
 * entries are the documents of documents.json (src/shared/document-fields.ts).
 */
function documentsWordProblems(file: string, schema: Json, problems: ProblemList, path: ProblemPath): void {
  const spec = schema['x-documents'];
  const at = [...path, 'x-documents'];
  if (!isJsonObject(spec))
    return void problems.error(file, at, '"x-documents" is written {"for": "all" or "drawings", "each": { … }}.', {
      code: 'documents_word_shape',
    });
  if (schema.type !== 'object')
    problems.error(file, at, '"x-documents" belongs on a field of "type": "object" (one entry per document).', {
      code: 'documents_word_type',
    });
  if (spec.for !== 'all' && spec.for !== 'drawings') {
    const suggestion = typeof spec.for === 'string' ? suggestionFor(spec.for, ['all', 'drawings']) : '';
    problems.error(
      file,
      [...at, 'for'],
      `"for" is "all" (every document) or "drawings" (the documents with a drawing scale).${didYouMeanText(suggestion)}`,
      { code: 'documents_word_for', params: { suggestion } },
    );
  }
  for (const key of Object.keys(spec))
    if (key !== 'for' && key !== 'each')
      problems.error(file, [...at, key], `"${key}" is not a part of "x-documents" (only "for" and "each").`, {
        code: 'documents_word_part_unknown',
        params: { key },
      });
  if (!isJsonObject(spec.each))
    problems.error(file, [...at, 'each'], '"each" is the schema of one document\'s entry, in braces { … }.', {
      code: 'documents_word_each',
    });
  else unknownWords(file, spec.each, problems, [...at, 'each']);
}

/**
 * The validator as the checker uses it: strict about the schema itself, knowing Kibali's own words. It
 * keeps every schema it compiles (and its code), so a check makes its own and lets it go after
 * (formsSetProblems): one kept for the life of the process grew with every check of a new set. Its
 * compile does not validate the schema against the meta-schema again (schemaValidity has just done it:
 * with a long "enum" that costs seconds, as its items are compared with each other).
 */
export function checkerAjv() {
  const ajv = createAjv({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateSchema: false,
  });
  for (const word of OWN_WORDS) ajv.addKeyword(word);
  return ajv;
}
export type CheckerAjv = ReturnType<typeof checkerAjv>;

const pointerPath = (pointer: string): ProblemPath =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

/** An "enum" longer than this is checked for repeated values here, not by the meta-schema. */
const LONG_ENUM = 64;

/**
 * The schema as the meta-schema is to check it: the meta-schema compares each value of an "enum" with
 * every other (seconds for a 20,000-option list), so a long one is checked for repeats here, in linear
 * time, and shown to it by its first value (its values may be anything else: nothing more is lost).
 */
function withShortEnums(file: string, schema: JsonSchema, problems: ProblemList): JsonSchema {
  const long: ProblemPath[] = [];
  walkWithPath(schema, [], (node, path) => {
    if (Array.isArray(node.enum) && node.enum.length > LONG_ENUM) long.push(path);
  });
  if (long.length === 0) return schema;
  const copy = structuredClone(schema);
  for (const path of long) {
    const node = path.reduce<unknown>(
      (at, key) => (isJsonObject(at) || Array.isArray(at) ? (at as Json)[key] : at),
      copy,
    );
    if (!isJsonObject(node) || !Array.isArray(node.enum)) continue;
    const seen = new Map<string, number>();
    node.enum.some((value, index) => {
      const key = stableStringify(value);
      const first = seen.get(key);
      if (first === undefined) return void seen.set(key, index);
      const detail = `must NOT have duplicate items (items ## ${index} and ${first} are identical)`;
      problems.error(file, [...path, 'enum'], `the value of "enum" is not valid: it ${detail}.`, {
        code: 'schema_value_invalid',
        params: { word: 'enum', detail },
      });
      return true;
    });
    node.enum = node.enum.slice(0, 1);
  }
  return copy;
}

/** The schema is valid JSON Schema (its words have values of the right kind, its formats and patterns exist). */
export function schemaValidity(
  file: string,
  schema: JsonSchema,
  problems: ProblemList,
  checker: CheckerAjv = checkerAjv(),
): void {
  const before = problems.all.length;
  if (!checker.validateSchema(withShortEnums(file, schema, problems)) || problems.all.length > before) {
    const seen = new Set<string>();
    for (const error of checker.errors ?? []) {
      if (seen.has(error.instancePath)) continue;
      seen.add(error.instancePath);
      const path = pointerPath(error.instancePath);
      const word = String(path.at(-1) ?? '');
      const value = path.reduce<unknown>((node, key) => (isJsonObject(node) ? node[key] : undefined), schema);
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
      const types = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
      const suggestion = typeof value === 'string' ? suggestionFor(value, types) : '';
      const hint =
        word === 'type' && typeof value === 'string'
          ? ` The types are "string", "number", "integer", "boolean", "object", "array" and "null".${didYouMeanText(suggestion)}`
          : allowed
            ? ` It must be one of ${quotedList(allowed.map(String))}.`
            : '';
      // The validator's own words (error.message) are in English in every language.
      const detail = error.message ?? 'is wrong';
      problems.error(
        file,
        path,
        `the value of "${word}" is not valid: it ${detail}.${hint}`,
        word === 'type' && typeof value === 'string'
          ? { code: 'schema_type_invalid', params: { word, detail, suggestion } }
          : allowed
            ? { code: 'schema_value_not_allowed', params: { word, detail, allowed: listParam(allowed) } }
            : { code: 'schema_value_invalid', params: { word, detail } },
      );
    }
    return;
  }
  const formats = Object.keys(checker.formats);
  let formatWrong = false;
  walkWithPath(schema, [], (node, path) => {
    if (typeof node.format === 'string' && !formats.includes(node.format)) {
      formatWrong = true;
      const suggestion = suggestionFor(node.format, formats);
      problems.error(
        file,
        [...path, 'format'],
        `"${node.format}" is not a format the validator knows, so nothing would be checked.${didYouMeanText(suggestion)} To check a text's shape, use "pattern".`,
        { code: 'format_unknown', params: { format: node.format, suggestion } },
      );
    }
    if (typeof node.pattern === 'string') {
      try {
        new RegExp(node.pattern, 'u');
      } catch (error) {
        formatWrong = true;
        problems.error(
          file,
          [...path, 'pattern'],
          `this "pattern" is not a valid regular expression (${(error as Error).message}).`,
          { code: 'pattern_invalid', params: { detail: (error as Error).message } },
        );
      }
    }
  });
  if (formatWrong) return;
  try {
    checker.compile(schema);
  } catch (error) {
    problems.error(file, undefined, `the validator cannot use this schema: ${(error as Error).message}.`, {
      code: 'schema_unusable',
      params: { detail: (error as Error).message },
    });
  }
}

/** Calls `visit` on every subschema with its path in the file. */
export function walkWithPath(schema: unknown, path: ProblemPath, visit: (node: Json, path: ProblemPath) => void): void {
  if (!isJsonObject(schema)) return;
  visit(schema, path);
  for (const word of ONE_SCHEMA) walkWithPath(schema[word], [...path, word], visit);
  for (const word of SCHEMA_MAPS) {
    const map = schema[word];
    if (isJsonObject(map))
      for (const [name, sub] of Object.entries(map)) walkWithPath(sub, [...path, word, name], visit);
  }
  for (const word of SCHEMA_LISTS) {
    const list = schema[word];
    if (Array.isArray(list)) list.forEach((sub, i) => walkWithPath(sub, [...path, word, i], visit));
  }
  const documents = schema['x-documents'];
  if (isJsonObject(documents)) walkWithPath(documents.each, [...path, 'x-documents', 'each'], visit);
}

/** Every "x-reference" names a reference list the server has. */
export function referenceProblems(file: string, schema: JsonSchema, problems: ProblemList): void {
  walkWithPath(schema, [], (node, path) => {
    const list = node['x-reference'];
    if (list === undefined || (REFERENCE_LISTS as readonly unknown[]).includes(list)) return;
    const suggestion = typeof list === 'string' ? suggestionFor(list, REFERENCE_LISTS) : '';
    problems.error(
      file,
      [...path, 'x-reference'],
      `"${String(list)}" is not a reference list.${didYouMeanText(suggestion)} The lists are ${quotedList(REFERENCE_LISTS)}.`,
      { code: 'reference_unknown', params: { list: String(list), suggestion, lists: listParam(REFERENCE_LISTS) } },
    );
  });
}

export { JSON_SCHEMA_WORDS };
