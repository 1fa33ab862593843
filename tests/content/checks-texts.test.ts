import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * locales/<language>/checks.json says each problem of the forms checker by its code, for the studio
 * (src/client/studio/editor/ProblemList.tsx): every code the checker's source can produce has a text in
 * both languages, with the same placeholders and formats, and no text is left without its code.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const checkerFiles = [
  ...readdirSync(path.join(root, 'src/shared/forms-check'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `src/shared/forms-check/${file}`),
  'src/shared/step-modules.ts',
];

/** The codes the checker writes: every `code: '…'` of its source (problems.ts ProblemCode). */
const codes = new Set(
  checkerFiles.flatMap((file) => [...read(file).matchAll(/\bcode: '([a-z0-9_]+)'/g)].map((m) => m[1]!)),
);

/** The fragments the studio's formats put into a text (" Did you mean …?", a list's "and"). */
const formats = read('src/client/studio/check-formats.ts');
const fragments = new Set([...formats.matchAll(/\bt\('checks:([a-z0-9_]+)'/g)].map((m) => m[1]!));
const knownFormats = new Set([...formats.matchAll(/formatter\.add\('([a-z_]+)'/g)].map((m) => m[1]!));

const texts = {
  en: JSON.parse(read('locales/en/checks.json')) as Record<string, unknown>,
  sw: JSON.parse(read('locales/sw/checks.json')) as Record<string, unknown>,
};

/** A text's {{placeholders}} with their format ("suggestion, did_you_mean"), sorted. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!.replace(/\s*,\s*/g, ', ')))].sort();

describe('the forms checker’s texts (locales/*/checks.json)', () => {
  it('finds the codes and fragments (the scan itself works)', () => {
    expect(codes.size).toBeGreaterThan(90);
    for (const code of ['flow_step_unknown', 'schema_word_unknown', 'json_comma_expected', 'module_unknown'])
      expect(codes).toContain(code);
    expect([...fragments].sort()).toEqual([
      'did_you_mean',
      'document_named',
      'document_numbered',
      'list_and',
      'list_more',
      'list_none',
    ]);
  });

  it('names no code as i18next names a plural form (json_other would be read as the plural of json)', () => {
    expect([...codes, ...fragments].filter((key) => /_(zero|one|two|few|many|other)$/.test(key))).toEqual([]);
  });

  it('has a text for every code the checker can produce, in both languages', () => {
    for (const language of ['en', 'sw'] as const) {
      const missing = [...codes].filter((code) => typeof texts[language][code] !== 'string');
      expect(missing, `locales/${language}/checks.json`).toEqual([]);
    }
  });

  it('has no text that no code or format uses', () => {
    for (const language of ['en', 'sw'] as const) {
      const unused = Object.keys(texts[language]).filter((key) => !codes.has(key) && !fragments.has(key));
      expect(unused, `locales/${language}/checks.json`).toEqual([]);
    }
  });

  it('fills in the same placeholders, with the same formats, in both languages', () => {
    for (const [key, english] of Object.entries(texts.en)) {
      expect(placeholders(String(texts.sw[key])), key).toEqual(placeholders(String(english)));
    }
  });

  it('uses only the formats the studio has', () => {
    for (const text of Object.values(texts.en))
      for (const placeholder of placeholders(String(text))) {
        const format = placeholder.split(', ')[1];
        if (format !== undefined) expect(knownFormats, `${placeholder} in "${String(text)}"`).toContain(format);
      }
  });
});
