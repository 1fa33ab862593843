/**
 * The forms checker's smoke render: every step of every flow shown as the wizard shows it, in each
 * language, empty and with the flow's sample answers, with @rjsf/mui and the wizard's own templates,
 * widgets and fields. A step that cannot be shown ("ui:widget": "textare", a schema RJSF cannot lay
 * out) would fail for every applicant: it is found here, before it is published.
 *
 * The one server module that imports the client's form parts (src/client/forms), to render exactly them. It is loaded
 * only when a set is checked (import(), from check-forms.ts), never on a request's path.
 */
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { renderToString } from 'react-dom/server';
import { fields, templates, widgetsAwayFromWizard } from '../../../client/forms/rjsf-theme';
import { translateStep } from '../../../client/forms/translate-schema';
import type { FlowSamples } from '../../../shared/form-samples';
import type { FormsSet, JsonSchema, StepForm } from '../../../shared/forms';
import type { FormsProblem } from '../../../shared/forms-check/problems';
import type { Language } from '../../../shared/reference-data';
import { isJsonObject, walkSchema } from '../../../shared/schema-walk';
import { renderCases, type RenderCase } from './render-cases';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Swahili' };

function textOf(texts: unknown, key: string): string {
  let node: unknown = texts;
  for (const part of key.split('.')) node = isJsonObject(node) ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}

/** The step as served: each reference field bound to a list of ids (as bindReferences does with the real ones). */
function served(step: StepForm): StepForm {
  const schema = structuredClone(step.schema);
  walkSchema(schema, (node: JsonSchema) => {
    if (typeof node['x-reference'] === 'string') node.enum = Array.from({ length: 20 }, (_, i) => i + 1);
  });
  return { schema, uiSchema: step.uiSchema };
}

function render(step: StepForm, texts: unknown, answers: unknown): void {
  const translated = translateStep(step, { t: (key) => textOf(texts, key), referenceLabel: () => undefined });
  renderToString(
    <Form
      schema={translated.schema}
      uiSchema={translated.uiSchema}
      formData={answers}
      validator={validator}
      templates={templates}
      // A widget that needs the wizard's page (its store, the server): a plain text box in its place.
      widgets={widgetsAwayFromWizard}
      fields={fields}
      noHtml5Validate
      showErrorList={false}
    />,
  );
}

/** Shows each case; a step that fails is told once, with the first way it failed. Returns the cases shown without a fault too. */
export function smokeRender(set: FormsSet, cases: RenderCase[]): { problems: FormsProblem[]; passed: RenderCase[] } {
  const problems: FormsProblem[] = [];
  const passed: RenderCase[] = [];
  const failed = new Set<string>();
  const prepared = new Map<string, StepForm>();
  const quiet = console.error;
  console.error = () => {};
  try {
    for (const c of cases) {
      if (failed.has(c.step)) continue;
      if (!prepared.has(c.step)) prepared.set(c.step, served(set.steps[c.step]!));
      try {
        render(prepared.get(c.step)!, set.texts[c.language], c.answers);
        passed.push(c);
      } catch (error) {
        failed.add(c.step);
        const message = (error as Error).message.replace(/ in schema: .*$/s, '');
        const ui = /widget|field/i.test(message);
        problems.push({
          file: `steps/${c.step}.${ui ? 'ui' : 'schema'}.json`,
          message: `the step "${c.step}" cannot be shown (${c.how}, in ${LANGUAGE_NAMES[c.language]}, for "${c.type}" applications): ${message}. No applicant could fill it in: correct the step's ${ui ? 'UI schema' : 'schema'}.`,
          severity: 'error',
        });
      }
    }
  } finally {
    console.error = quiet;
  }
  return { problems, passed };
}

/** Every step of every flow shown (renderCases), and what failed. */
export function smokeRenderProblems(set: FormsSet, samples: FlowSamples = {}): FormsProblem[] {
  return smokeRender(set, renderCases(set, samples)).problems;
}
