import type { FlowSamples } from '../../../shared/form-samples';
import type { FormsSet } from '../../../shared/forms';
import { LANGUAGES, type Language } from '../../../shared/reference-data';
import { isJsonObject } from '../../../shared/schema-walk';
import { APPLICATION_TYPES, type ApplicationType } from '../../../shared/wizard-driver';

/** One way a step is shown: in a language, with answers (empty, or a flow's sample). */
export interface RenderCase {
  step: string;
  type: ApplicationType;
  language: Language;
  how: string;
  answers: unknown;
}

/**
 * Every step of every flow in each language with the flow's sample answers, and empty (as a step first
 * opens: once, the languages differ only in their texts); the same step with the same answers once.
 */
export function renderCases(set: FormsSet, samples: FlowSamples = {}): RenderCase[] {
  const cases: RenderCase[] = [];
  const done = new Set<string>();
  const add = (c: RenderCase) => {
    const key = JSON.stringify([c.step, c.language, c.answers]);
    if (done.has(key)) return;
    done.add(key);
    cases.push(c);
  };
  for (const type of APPLICATION_TYPES) {
    for (const step of set.flows[type] ?? []) {
      if (!Object.hasOwn(set.steps, step)) continue;
      add({ step, type, language: LANGUAGES[0]!, how: 'empty', answers: {} });
      const sample = samples[type]?.[step];
      for (const language of LANGUAGES)
        add(
          isJsonObject(sample)
            ? { step, type, language, how: `with the sample answers of samples/${type}.json`, answers: sample }
            : { step, type, language, how: 'empty', answers: {} },
        );
    }
  }
  return cases;
}
