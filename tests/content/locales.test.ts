import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUEUE_STAGES } from '../../src/client/studio/office/queue-query';
import { staffInvoiceSchema } from '../../src/shared/api/back-office';
import { ATTACHMENT_STATUSES } from '../../src/shared/api/dashboard';
import { APPLICATION_STATUSES } from '../../src/shared/dashboard';
import { APPLICATION_TYPES } from '../../src/shared/wizard-driver';

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'locales');
const LANGUAGES = ['en', 'sw'] as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** 'a.b.0.c' → value, arrays by index, as i18next addresses them. */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function namespaceFiles(language: string): string[] {
  return readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .sort();
}

function load(language: string, file: string): Map<string, Json> {
  return flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Json);
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const namespaces = namespaceFiles('en');

describe('the locale files', () => {
  it('are the same files in every language, at least common, pages and api', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['api.json', 'common.json', 'pages.json']));
    for (const language of LANGUAGES) expect(namespaceFiles(language)).toEqual(namespaces);
  });

  describe.each(namespaces)('%s', (file) => {
    const en = load('en', file);
    const sw = load('sw', file);

    it('has exactly the same keys in Swahili as in English', () => {
      expect([...sw.keys()].sort()).toEqual([...en.keys()].sort());
    });

    it('has only non-empty strings', () => {
      for (const language of LANGUAGES) {
        for (const [key, value] of load(language, file)) {
          expect(typeof value, `${language}/${file} ${key}`).toBe('string');
          expect((value as string).trim(), `${language}/${file} ${key}`).not.toBe('');
        }
      }
    });

    it('has the same {{placeholders}} in both languages', () => {
      for (const [key, text] of en) {
        const other = sw.get(key);
        if (typeof text !== 'string' || typeof other !== 'string') continue;
        expect(placeholders(other), `sw/${file} ${key}`).toEqual(placeholders(text));
      }
    });

    it('has every plural form each language needs, and uses {{count}} in them', () => {
      for (const language of LANGUAGES) {
        const texts = load(language, file);
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const bases = new Set(
          [...texts.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')),
        );
        for (const base of bases) {
          for (const category of categories) {
            expect(texts.has(`${base}_${category}`), `${language}/${file} ${base}_${category}`).toBe(true);
          }
          expect(texts.has(base), `${language}/${file} ${base} beside its plural forms`).toBe(false);
          expect(placeholders(texts.get(`${base}_other`) as string), `${language}/${file} ${base}_other`).toContain(
            'count',
          );
        }
      }
    });
  });
});

describe('the translation keys the client uses', () => {
  const translations = {
    common: load('en', 'common.json'),
    // Texts read as if in common (app/i18n.ts LAZY_COMMON), loaded where used.
    dashboard: load('en', 'dashboard.json'),
    find_reference: load('en', 'find_reference.json'),
    before_you_start: load('en', 'before_you_start.json'),
    pages: load('en', 'pages.json'),
    // The accessibility statement's own namespace, loaded with its page (AccessibilityPage.tsx).
    accessibility: load('en', 'accessibility.json'),
    // The wizard's validation texts (t('validation:…'), loaded with the wizard).
    validation: load('en', 'validation.json'),
    // The form studio's own texts (src/client/studio: useTranslation('studio'), its own bundle).
    studio: load('en', 'studio.json'),
    // The forms checker's problems by their code, in the studio's bundle (tests/content/checks-texts.test.ts).
    checks: load('en', 'checks.json'),
    // The officers' workspace's own texts (src/client/studio/office: useTranslation('office'), loaded with its pages).
    office: load('en', 'office.json'),
    // The permit verify page's texts, loaded by the page itself (src/client/features/verify/verify-texts.ts).
    verify: load('en', 'verify.json'),
  };
  type Namespace = keyof typeof translations;

  /** A key exists as a string, as plural forms, or as an object or array (returnObjects). */
  function exists(namespace: Namespace, key: string): boolean {
    if (
      namespace === 'common' &&
      (['dashboard', 'find_reference', 'before_you_start'] as const).some((lazy) => exists(lazy, key))
    )
      return true;
    const texts = translations[namespace];
    return texts.has(key) || texts.has(`${key}_other`) || [...texts.keys()].some((k) => k.startsWith(`${key}.`));
  }

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  }

  interface Use {
    file: string;
    namespace: Namespace;
    key: string;
  }

  /** Literal keys only: t('…'), t(`…`) without ${}, titleKey="…", and the key tables named below. */
  function usedKeys(): Use[] {
    const uses: Use[] = [];
    for (const full of sourceFiles(path.join(root, 'src/client'))) {
      const file = path.relative(root, full);
      const source = readFileSync(full, 'utf8');
      // A file that asks for another namespace translates its t() keys there (ArticlePage, AccessibilityPage).
      const asked = /useTranslation\(\s*['"](pages|accessibility|studio|office)['"]\s*\)/.exec(source)?.[1];
      // The studio's files translate in its namespace (a helper given `t`, too: change-words.ts).
      const fileNamespace: Namespace =
        (asked as Namespace | undefined) ??
        (file.startsWith(`src${path.sep}client${path.sep}studio${path.sep}`) ? 'studio' : 'common');
      const add = (raw: string, namespace: Namespace) => {
        const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [namespace, raw];
        uses.push({ file, namespace: ns as Namespace, key });
      };
      for (const m of source.matchAll(/\bt\(\s*(['"`])([^'"`$]+)\1/g)) add(m[2]!, fileNamespace);
      // PageHeading translates titleKey in the common namespace.
      for (const m of source.matchAll(/\btitleKey="([^"]+)"/g)) add(m[1]!, 'common');
      if (file.endsWith('nav-items.ts')) for (const m of source.matchAll(/\bkey:\s*'([^']+)'/g)) add(m[1]!, 'common');
      if (file.endsWith('RequestPage.tsx'))
        for (const m of source.matchAll(/\baction:\s*'([^']+)'/g)) add(m[1]!, 'common');
    }
    return uses;
  }

  const uses = usedKeys();

  it('finds the keys (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(80);
    expect(uses).toContainEqual({ file: 'src/client/app/api.ts', namespace: 'common', key: 'errors.network' });
    expect(uses).toContainEqual({ file: 'src/client/layout/nav-items.ts', namespace: 'common', key: 'nav.view' });
    expect(uses).toContainEqual({
      file: 'src/client/pages/LandingPage.tsx',
      namespace: 'common',
      key: 'landing.title',
    });
    expect(uses).toContainEqual({ file: 'src/client/pages/ArticlePage.tsx', namespace: 'pages', key: 'terms.updated' });
    expect(uses).toContainEqual({
      file: 'src/client/pages/LandingPage.tsx',
      namespace: 'common',
      key: 'landing.boxes',
    });
  });

  it('exist in English (and so, by the tests above, in Swahili)', () => {
    const missing = uses.filter((use) => !exists(use.namespace, use.key));
    expect(missing).toEqual([]);
  });

  // Keys built from a template literal, with the values the code builds them from.
  it.each([
    ['common', 'language', ['en', 'sw'], []],
    ['common', 'engineers', ['first_page', 'last_page', 'next_page', 'previous_page'], []],
    ['common', 'request.types', ['new', 'renew', 'repair', 'government', 'special'], ['title', 'body']],
    ['common', 'landing', ['apply', 'status', 'terms'], ['title', 'body', 'action']],
    ['pages', 'about', ['title', 'intro', 'sections'], []],
    ['pages', 'terms', ['title', 'intro', 'sections', 'updated'], []],
    ['accessibility', 'works', ['heading', 'items'], []],
    ['accessibility', 'testing', ['heading', 'items'], []],
    ['accessibility', 'gaps', ['heading', 'intro', 'items'], []],
    ['studio', 'roles', ['policy_editor', 'policy_publisher', 'officer', 'admin'], []],
    ['studio', 'flows', ['new', 'government', 'repair', 'special'], []],
    ['studio', 'sign_in', ['reason_expired', 'reason_signed_out'], []],
    ['studio', 'app', ['forbidden'], []],
    ['studio', 'changes.language', ['en', 'sw'], []],
    ['studio', 'changes.what', ['required', 'type', 'format', 'limits', 'options', 'show_when', 'help', 'label'], []],
    [
      'studio',
      'audit.actions',
      [
        'save_question',
        'save_step',
        'save_flows',
        'save_document',
        'import_texts',
        'export_texts',
        'discard_draft',
        'publish',
        'rollback',
      ],
      [],
    ],
    ['office', 'stage', ['all', ...QUEUE_STAGES], []],
    ['office', 'status', APPLICATION_STATUSES, []],
    ['office', 'type', APPLICATION_TYPES, []],
    ['office', 'language', LANGUAGES, []],
    ['office', 'documents.status', [...ATTACHMENT_STATUSES], []],
    ['office', 'invoices.status', staffInvoiceSchema.properties.status.enum, []],
    ['office', 'history.action', ['other'], []],
  ] as const)('built keys exist: %s:%s.*', (namespace, prefix, parts, leaves) => {
    for (const part of parts) {
      const keys = leaves.length ? leaves.map((leaf) => `${prefix}.${part}.${leaf}`) : [`${prefix}.${part}`];
      for (const key of keys) expect(exists(namespace, key), `${namespace}:${key}`).toBe(true);
    }
  });

  it('gives the article pages headed sections in both languages', () => {
    for (const language of LANGUAGES) {
      const pages = JSON.parse(readFileSync(path.join(localesDir, language, 'pages.json'), 'utf8')) as Record<
        string,
        { sections?: unknown }
      >;
      for (const page of ['about', 'terms']) {
        const sections = pages[page]?.sections as { heading?: unknown; body?: unknown }[];
        expect(Array.isArray(sections) && sections.length > 0, `${language} ${page}.sections`).toBe(true);
        for (const section of sections) {
          expect(Object.keys(section).sort()).toEqual(['body', 'heading']);
        }
      }
    }
  });
});
