import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { loadForms } from '../../src/server/forms/form-loader';
import { formsProblems, translationKeys, type StepForm } from '../../src/shared/forms';
import type { Flows } from '../../src/shared/wizard-driver';

const forms = await loadForms(SCHEMAS_DIR);
const messages = forms.texts;
const clone = <T>(value: T): T => structuredClone(value);

describe('the forms in schemas/', () => {
  it('load with no problem', () => {
    expect(Object.keys(forms.steps).length).toBeGreaterThanOrEqual(9);
  });

  it('say everything through translation keys that exist in both languages', () => {
    for (const step of Object.values(forms.steps)) {
      const keys = translationKeys(step);
      expect(keys.size).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^[a-z_]+(\.[a-z0-9_]+)+$/);
    }
  });

  it('require the repair disclaimer to be accepted', () => {
    const schema = forms.steps.repair!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties.disclaimer_agreed).toMatchObject({ type: 'boolean', const: true });
    expect(schema.required).toContain('disclaimer_agreed');
  });
});

describe('the checks policy staff rely on', () => {
  const base = () => ({ steps: clone(forms.steps), flows: clone(forms.flows) as Flows });

  it('find a UI key that names no property', () => {
    const f = base();
    (f.steps.personal as StepForm).uiSchema.shoe_size = { 'ui:widget': 'text' };
    expect(formsProblems(f, messages)).toEqual(['steps/personal.ui.json: /shoe_size names no property of the schema']);
  });

  it('find a translation key missing in one language', () => {
    const f = base();
    (f.steps.repair as StepForm).schema.title = 'repair.not_written_yet';
    const sw = clone(messages.sw);
    const problems = formsProblems(f, { en: messages.en, sw });
    expect(problems).toContain('steps/repair: "repair.not_written_yet" has no en text in texts/en.json');
    expect(problems).toContain('steps/repair: "repair.not_written_yet" has no sw text in texts/sw.json');
  });

  it('find a flow that names a step with no schema, and a missing application type', () => {
    const f = base();
    f.flows = { ...f.flows, repair: ['personal', 'roof_survey'] };
    delete (f.flows as Partial<Flows>).special;
    const problems = formsProblems(f, messages);
    expect(problems).toContain('flows.json: "repair" names the step "roof_survey", which has no schema');
    expect(problems).toContain('flows.json has no steps for the application type "special"');
  });

  it('find a schema that does not compile and an unknown reference list', () => {
    const f = base();
    (f.steps.engineer as StepForm).schema.properties = { engineer_id: { type: 'strin' } };
    (f.steps.construction_details as StepForm).schema['x-reference'] = 'planets';
    const problems = formsProblems(f, messages).join('\n');
    expect(problems).toContain('steps/engineer.schema.json does not compile');
    expect(problems).toContain('unknown reference list "planets"');
  });

  it('find a list with no most number of rows, however deep', () => {
    const f = base();
    const floors = (f.steps.construction_details as StepForm).schema.properties as Record<
      string,
      Record<string, unknown>
    >;
    delete floors.floors!.maxItems;
    const rooms = (floors.floors!.items as { properties: Record<string, Record<string, unknown>> }).properties.rooms!;
    delete rooms.maxItems;
    const problems = formsProblems(f, messages);
    expect(problems).toContain(
      'steps/construction_details.schema.json: the list at /floors has no "maxItems" (every list needs one)',
    );
    expect(problems).toContain(
      'steps/construction_details.schema.json: the list at /floors/items/rooms has no "maxItems" (every list needs one)',
    );
    expect(formsProblems(base(), messages)).toEqual([]);
  });
});
