import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MATERIAL_CATEGORIES } from '../../src/shared/reference-data';
import referenceData from '../../seed/reference-data.json';

/**
 * locales/GLOSSARY.md is the portal's one term per concept, in English and Swahili; this test holds
 * every text of the portal to it (see the glossary's own introduction for the rules).
 */

const root = path.resolve(import.meta.dirname, '../..');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface Term {
  concept: string;
  english: string[];
  swahili: string;
  mustSay: string[];
  forbiddenEnglish: string[];
  forbiddenSwahili: string[];
}

/** One text of the portal in both languages, named by where it is. */
interface Pair {
  where: string;
  en: string;
  sw: string;
}

const list = (cell: string, separator: string) =>
  cell
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

function readGlossary(): Term[] {
  const text = readFileSync(path.join(root, 'locales/GLOSSARY.md'), 'utf8');
  const lines = text.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Concept\s*\|/.test(line));
  if (header < 0) throw new Error('locales/GLOSSARY.md has no table whose first column is "Concept"');
  const terms: Term[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1);
    if (cells.length !== 6) throw new Error(`locales/GLOSSARY.md: a row needs 6 cells: ${line}`);
    const [concept, english, swahili, mustSay, forbiddenEnglish, forbiddenSwahili] = cells.map((c) => c.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    terms.push({
      concept,
      english: list(english, ';'),
      swahili,
      mustSay: list(mustSay, '/'),
      forbiddenEnglish: list(forbiddenEnglish, ';'),
      forbiddenSwahili: list(forbiddenSwahili, ';'),
    });
  }
  return terms;
}

/**
 * Letters, as a character class: Latin with its accents, which both languages use. (Unicode's \p{L}
 * with the i and u flags costs V8 tens of milliseconds per pattern to compile.)
 */
const LETTER = 'A-Za-z\\u00C0-\\u024F';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new Map<string, RegExp>();

/** A variant as a pattern: whole words unless `*` says any letters may come before or after. */
function variantPattern(variant: string): RegExp {
  let pattern = patterns.get(variant);
  if (!pattern) patterns.set(variant, (pattern = compileVariant(variant)));
  return pattern;
}

function compileVariant(variant: string): RegExp {
  const before = variant.startsWith('*');
  const after = variant.endsWith('*');
  const core = variant.replace(/^\*|\*$/g, '');
  const start = before ? `[${LETTER}']*` : `(?<![${LETTER}0-9'])`;
  const end = after ? `[${LETTER}']*` : `(?![${LETTER}0-9])`;
  return new RegExp(`${start}${escape(core)}${end}`, 'gi');
}

function forbiddenIn(text: string, variants: string[]): string[] {
  return variants.flatMap((variant) => [...text.matchAll(variantPattern(variant))].map((m) => m[0]));
}

function flatten(value: Json, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Json;

function jsonPairs(label: string, enFile: string, swFile: string): Pair[] {
  const en = flatten(readJson(enFile), '', new Map());
  const sw = flatten(readJson(swFile), '', new Map());
  return [...en].flatMap(([key, text]) => {
    const other = sw.get(key);
    return other === undefined ? [] : [{ where: `${label}:${key}`, en: text, sw: other }];
  });
}

/** Every text of the portal that exists in both languages. */
function allPairs(): Pair[] {
  const namespaces = readdirSync(path.join(root, 'locales/en')).filter((f) => f.endsWith('.json'));
  const documents = readJson('schemas/documents.json') as { id: string; name: Json; help: Json }[];
  const localized = (where: string, text: { en: string; sw: string }): Pair => ({ where, en: text.en, sw: text.sw });
  return [
    ...namespaces.flatMap((file) =>
      jsonPairs(`locales/${file.replace(/\.json$/, '')}`, `locales/en/${file}`, `locales/sw/${file}`),
    ),
    ...jsonPairs('schemas/texts', 'schemas/texts/en.json', 'schemas/texts/sw.json'),
    ...documents.flatMap((document) =>
      (['name', 'help'] as const).map((field) =>
        localized(`schemas/documents:${document.id}.${field}`, document[field] as { en: string; sw: string }),
      ),
    ),
    ...referenceData.faqs.flatMap((faq, i) => [
      localized(`seed/reference-data:faqs.${i}.question`, faq.question),
      localized(`seed/reference-data:faqs.${i}.answer`, faq.answer),
    ]),
    ...referenceData.rooms.map((room, i) => localized(`seed/reference-data:rooms.${i}`, room)),
    ...MATERIAL_CATEGORIES.flatMap((category) =>
      referenceData.materials[category].map((material, i) =>
        localized(`seed/reference-data:materials.${category}.${i}`, material),
      ),
    ),
    ...referenceData.engineer_roles.map((role) =>
      localized(`seed/reference-data:engineer_roles.${role.code}`, role.name),
    ),
  ];
}

/** English terms in an English text (its {{placeholders}} aside): at a word's start, case aside ("renew" in "renewal"). */
const mentions = (text: string, term: string) =>
  new RegExp(`(?<![${LETTER}])${escape(term)}`, 'i').test(text.replace(/\{\{[^}]*\}\}/g, ''));

const glossary = readGlossary();
const pairs = allPairs();
const term = (concept: string) => {
  const found = glossary.find((t) => t.concept === concept);
  if (!found) throw new Error(`locales/GLOSSARY.md has no row "${concept}"`);
  return found;
};

describe('the glossary (locales/GLOSSARY.md)', () => {
  it('names every key concept with one English and one Swahili term', () => {
    for (const concept of [
      'application',
      'reference number',
      'control number (payment)',
      'draft',
      'permit',
      'renewal',
      'invoice',
      'engineer',
      'scale (drawing scale)',
      'residence, residential',
      'other',
      'plot',
      'storey',
      'floor (a level, ground floor included)',
      'document',
      "Sheha's letter",
      'ZanID',
      'passport',
      'code (one-time, by SMS)',
      'submit',
      'save',
      'continue',
      'withdraw',
      'message',
      'notification',
      'days of the week',
      'opening hours',
    ]) {
      const row = term(concept);
      expect(row.english.length, concept).toBeGreaterThan(0);
      expect(row.swahili, concept).not.toBe('');
    }
    const concepts = glossary.map((t) => t.concept);
    expect(new Set(concepts).size, 'each concept once').toBe(concepts.length);
  });

  it('does not forbid its own terms', () => {
    for (const row of glossary) {
      expect(forbiddenIn(row.swahili, row.forbiddenSwahili), `${row.concept}: ${row.swahili}`).toEqual([]);
      for (const english of row.english) {
        expect(forbiddenIn(english, row.forbiddenEnglish), `${row.concept}: ${english}`).toEqual([]);
      }
    }
  });

  it('matches a variant as a word, or inside one where it says *', () => {
    expect(forbiddenIn('Jtt-Jmos saa 2', ['Jtt', 'Jmos'])).toEqual(['Jtt', 'Jmos']);
    expect(forbiddenIn('aina nyengine ya maombi', ['nyengine'])).toEqual(['nyengine']);
    expect(forbiddenIn('aina nyingine ya maombi', ['nyengine'])).toEqual([]);
    expect(forbiddenIn('Kibali kitakuonesha orodha', ['*onesh*'])).toEqual(['kitakuonesha']);
    expect(forbiddenIn('ombi maalumu', ['maalum'])).toEqual([]);
    expect(forbiddenIn('Ombi maalum.', ['maalum'])).toEqual(['maalum']);
    expect(forbiddenIn('Andika skeli ya mchoro', ['skeli'])).toEqual(['skeli']);
  });

  it('gives the control number and the reference number Swahili names that cannot be confused', () => {
    const words = (s: string) =>
      new Set(
        s
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((w) => w.length > 3),
      );
    const control = words(term('control number (payment)').swahili);
    const reference = words(term('reference number').swahili);
    // "namba" (number) is shared by design; the word that says which number must differ.
    const shared = [...control].filter((w) => reference.has(w) && w !== 'namba');
    expect(shared).toEqual([]);
    expect(term('control number (payment)').mustSay.join(' ')).not.toMatch(/kumbukumbu/);
    expect(term('reference number').mustSay.join(' ')).not.toMatch(/malipo/);
  });
});

describe('every text of the portal keeps to the glossary', () => {
  it('reads texts from every source: locales, forms, documents and the reference data', () => {
    const sources = new Set(pairs.map((p) => p.where.split(':')[0]));
    expect([...sources].sort()).toEqual(
      expect.arrayContaining([
        'locales/api',
        'locales/common',
        'locales/pages',
        'locales/validation',
        'schemas/texts',
        'schemas/documents',
        'seed/reference-data',
      ]),
    );
    expect(pairs.length).toBeGreaterThan(500);
  });

  it('has no forbidden variant in any Swahili text', () => {
    const found = pairs.flatMap((pair) =>
      glossary.flatMap((row) =>
        forbiddenIn(pair.sw, row.forbiddenSwahili).map((v) => `${pair.where}: "${v}" (${row.concept}: ${row.swahili})`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('has no forbidden variant in any English text', () => {
    const found = pairs.flatMap((pair) =>
      glossary.flatMap((row) =>
        forbiddenIn(pair.en, row.forbiddenEnglish).map(
          (v) => `${pair.where}: "${v}" (${row.concept}: ${row.english.join(', ')})`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  it("says the glossary's Swahili term where the English says its English term", () => {
    const found = pairs.flatMap((pair) =>
      glossary
        .filter((row) => row.mustSay.length > 0 && row.english.some((english) => mentions(pair.en, english)))
        .filter((row) => !row.mustSay.some((word) => pair.sw.toLowerCase().includes(word.toLowerCase())))
        .map((row) => `${pair.where}: "${pair.sw}" should say ${row.mustSay.join(' or ')} (${row.concept})`),
    );
    expect(found).toEqual([]);
  });

  it('never calls the control number a reference number ("kumbukumbu")', () => {
    const about = pairs.filter((p) => /control number/i.test(p.en) || p.sw.includes('{{control_number}}'));
    expect(about.length).toBeGreaterThan(3);
    for (const pair of about) {
      expect(pair.sw, pair.where).toMatch(/namba (\p{L}+ )?ya malipo/iu);
      expect(pair.sw, pair.where).not.toMatch(/kumbukumbu (\p{L}+ )?ya malipo/iu);
      // A text about both numbers says "kumbukumbu" for the reference number only.
      if (!/reference number/i.test(pair.en)) expect(pair.sw, pair.where).not.toMatch(/kumbukumbu/i);
    }
  });

  it('names the application statuses as the glossary does, in the dashboard and in the server', () => {
    const statuses = glossary.filter((row) => row.concept.startsWith('status: '));
    const texts = pairs.filter((p) => /^(locales\/common:dashboard\.status|locales\/api:statuses)\./.test(p.where));
    expect(texts.length).toBeGreaterThan(10);
    for (const pair of texts) {
      const row = statuses.find((s) => s.english.includes(pair.en));
      if (!row) continue; // a status the glossary does not list (e.g. the forms-changed note)
      expect(pair.sw, pair.where).toBe(row.swahili);
    }
  });
});
