import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { loadForms } from '../../src/server/forms/form-loader';
import { translationKeys, type FormsSet, type StepForm } from '../../src/shared/forms';
import { problemLine } from '../../src/shared/forms-check/problems';
import { formsSetProblems } from '../../src/shared/forms-check/set-check';
import type { Flows } from '../../src/shared/wizard-driver';

const forms = await loadForms(SCHEMAS_DIR);
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
  const base = (): FormsSet => clone(forms);
  const formsProblems = (set: FormsSet) => formsSetProblems(set).map(problemLine);

  it('find a UI key that names no property', () => {
    const f = base();
    (f.steps.personal as StepForm).uiSchema.shoe_size = { 'ui:widget': 'text' };
    expect(formsProblems(f)).toEqual([
      'steps/personal.ui.json at shoe_size: "shoe_size" is not a field of this step\'s schema, so these settings do nothing.',
    ]);
  });

  it('find a translation key missing in one language', () => {
    const f = base();
    (f.steps.repair as StepForm).schema.title = 'repair.not_written_yet';
    (f.texts.en as { repair: Record<string, unknown> }).repair.not_written_yet = 'Not written yet';
    expect(formsProblems(f)).toEqual([
      'Warning: texts/en.json at repair › title: no step uses the text "repair.title": remove it, or check the key where it should be used.',
      'texts/sw.json at repair › not_written_yet: "repair.not_written_yet" has no text: add it (steps/repair uses it).',
    ]);
  });

  it('find a flow that names a step with no schema, and a missing application type', () => {
    const f = base();
    f.flows = { ...f.flows, repair: ['personal', 'roof_survey'] };
    delete (f.flows as Partial<Flows>).special;
    const problems = formsProblems(f);
    expect(problems).toContain(
      'flows.json at repair › 1: "repair" names the step "roof_survey", which has no file steps/roof_survey.schema.json.',
    );
    expect(problems).toContain(
      'flows.json: there are no steps for the application type "special": add "special": ["personal", …].',
    );
  });

  it('find a schema that does not compile and an unknown reference list', () => {
    const f = base();
    (f.steps.engineer as StepForm).schema.properties = { engineer_id: { type: 'strin' } };
    (f.steps.construction_details as StepForm).schema['x-reference'] = 'planets';
    const problems = formsProblems(f).join('\n');
    expect(problems).toContain(
      'steps/engineer.schema.json at properties › engineer_id › type: the value of "type" is not valid: it must be equal to one of the allowed values. The types are "string", "number", "integer", "boolean", "object", "array" and "null". Did you mean "string"?',
    );
    expect(problems).toContain(
      'steps/construction_details.schema.json at x-reference: "planets" is not a reference list.',
    );
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
    const noMaxItems =
      'this list has no "maxItems": give it the most rows an applicant may add (every list needs one).';
    expect(formsProblems(f)).toEqual([
      `steps/construction_details.schema.json at properties › floors: ${noMaxItems}`,
      `steps/construction_details.schema.json at properties › floors › items › properties › rooms: ${noMaxItems}`,
    ]);
    expect(formsProblems(base())).toEqual([]);
  });
});
