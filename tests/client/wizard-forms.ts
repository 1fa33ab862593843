import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { translateStep } from '../../src/client/forms/translate-schema';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { mockSplash } from '../../src/client/mocks/mock-data';
import { withDocuments } from '../../src/shared/document-fields';
import { AJV_OPTIONS, walkSchema, type FormsDocument, type DocumentRule, type StepForm } from '../../src/shared/forms';
import type { Language } from '../../src/shared/reference-data';
import type { SaveStepAnswer } from '../../src/shared/api/applications';
import { stepAfterSave, type Flows } from '../../src/shared/wizard-driver';
import { allTexts } from './locales';
import { server } from './msw-server';
import { getForms, type FormsAnswer } from '../../src/shared/api/forms';
import { getSplash } from '../../src/shared/api/splash';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';

const schemasDir = path.resolve(import.meta.dirname, '../../schemas');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

export const splash = mockSplash();

/** The forms as the server serves them: read from schemas/, references bound to the mock splash ids, a property per document. */
export function servedForms(): FormsDocument {
  const steps: Record<string, StepForm> = {};
  for (const file of readdirSync(path.join(schemasDir, 'steps')).filter((f) => f.endsWith('.schema.json'))) {
    const id = file.slice(0, -'.schema.json'.length);
    const schema = readJson(path.join(schemasDir, 'steps', file));
    walkSchema(schema, (node) => {
      const list = node['x-reference'];
      if (typeof list === 'string')
        node.enum = (splash[list as keyof typeof splash] as { id: number }[]).map((i) => i.id);
    });
    steps[id] = { schema, uiSchema: readJson(path.join(schemasDir, 'steps', `${id}.ui.json`)) };
  }
  return withDocuments({
    version: '7', // a published version's number, as get_forms answers it
    steps,
    flows: readJson(path.join(schemasDir, 'flows.json')) as unknown as Flows,
    texts: {
      en: readJson(path.join(schemasDir, 'texts/en.json')),
      sw: readJson(path.join(schemasDir, 'texts/sw.json')),
    },
    documents: readJson(path.join(schemasDir, 'documents.json')) as unknown as DocumentRule[],
  });
}

const servedFlows = readJson(path.join(schemasDir, 'flows.json')) as unknown as Flows;

/**
 * A save's answer as the server gives it: `next_step`, where the applicant goes now, is the step after
 * the one saved (`body`, the request) in the served flows, or the review after the last.
 */
export function savedAnswer(body: unknown, answer: Omit<SaveStepAnswer, 'next_step'>): SaveStepAnswer {
  const { application_type, step_number } = body as { application_type: keyof Flows; step_number: number };
  return { ...answer, next_step: stepAfterSave(servedFlows[application_type], step_number) };
}

/** get_forms' answer of these forms: the same document, as the call types it (open lists, plain objects). */
export function formsAnswer(forms: FormsDocument): FormsAnswer {
  const { new: created, government, repair, special } = forms.flows;
  return {
    ...forms,
    flows: { new: [...created], government: [...government], repair: [...repair], special: [...special] },
    documents: forms.documents.map((document) => ({ ...document })),
  };
}

/** get_forms, and the splash without the mock backend's timer (some tests fake timers). */
export function formsHandlers(forms = servedForms()) {
  return [
    mockCall(getForms, () => answerFor(getForms, formsAnswer(forms))),
    mockCall(getSplash, () => answerFor(getSplash, splash)),
  ];
}

/** In jsdom there is no CSP: ajv's runtime validator stands in for the precompiled modules. */
export const runtimeValidator = async () => customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });

/** For each test of the file: the runtime validator, and get_forms answering `forms` (the served ones). */
export function withServedForms(forms = servedForms()): FormsDocument {
  beforeAll(() => setValidatorFactory(runtimeValidator));
  afterAll(() => setValidatorFactory());
  beforeEach(() => server.use(...formsHandlers(forms)));
  return forms;
}

/** A valid personal step, with a passport (as fillPersonal types it). */
export const PERSONAL = {
  identification_type: 'passport',
  passport_number: 'AB123456',
  first_name: 'Asha',
  last_name: 'Juma',
  phone: '0777123456',
  address: 'P.O. Box 1234, Zanzibar',
  street: 'Mlandege',
};

const lookup = i18next.createInstance();
void lookup.init({
  resources: allTexts,
  lng: 'en',
  fallbackLng: false,
  ns: ['common', 'forms', 'validation'],
  defaultNS: 'common',
  fallbackNS: ['dashboard', 'find_reference', 'before_you_start'],
  interpolation: { escapeValue: false },
  initAsync: false,
  parseMissingKeyHandler: (key) => {
    throw new Error(`No translation for '${key}'`);
  },
});

/** Texts of the wizard's namespaces too ('forms:personal.title', 'validation:required', 'wizard.…'). */
export const wt = (language: Language) => lookup.getFixedT(language);

/** A step of `forms` translated into `language`, its reference lists named from the mock splash. */
export function translatedStep(forms: FormsDocument, step: string, language: Language = 'en') {
  const t = wt(language);
  return translateStep(forms.steps[step]!, {
    t: (key) => t(`forms:${key}`),
    referenceLabel: (list, id) =>
      (splash[list as keyof typeof splash] as { id: number; name: { en: string; sw: string } }[]).find(
        (i) => i.id === id,
      )?.name[language],
  });
}
