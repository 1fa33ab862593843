import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  moduleAnswers,
  moduleOf,
  stepModuleProblems,
  STEP_MODULES,
  stepWithModule,
} from '../../src/shared/step-modules';

const marked = (module: unknown, properties: string[] = []) => ({
  schema: {
    type: 'object',
    'x-step-module': module,
    properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])),
  },
});
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('finding a step by its module', () => {
  const steps = {
    who: marked('applicant'),
    plain: { schema: { type: 'object' } },
    engineer_a: marked('engineer'),
    engineer_b: marked('engineer'),
  };

  it('reads the marker on the schema’s root', () => {
    expect(moduleOf(steps.who)).toBe('applicant');
    expect(moduleOf(steps.plain)).toBeUndefined();
    expect(moduleOf(undefined)).toBeUndefined();
    expect(moduleOf(marked(7))).toBeUndefined();
  });

  it('finds the first step of the flow given, else of all steps', () => {
    expect(stepWithModule(steps, 'engineer')).toBe('engineer_a');
    expect(stepWithModule(steps, 'engineer', ['who', 'engineer_b'])).toBe('engineer_b');
    expect(stepWithModule(steps, 'documents')).toBeUndefined();
    // A flow naming a step that does not exist, or an inherited name, finds nothing.
    expect(stepWithModule(steps, 'engineer', ['missing', 'constructor'])).toBeUndefined();
  });

  it('answers the module’s answers, or an empty object', () => {
    expect(moduleAnswers({ who: { phone: '0777123456' } }, steps, 'applicant')).toEqual({ phone: '0777123456' });
    expect(moduleAnswers({ who: 'not an object' }, steps, 'applicant')).toEqual({});
    expect(moduleAnswers({}, steps, 'applicant')).toEqual({});
    expect(moduleAnswers({ personal: { phone: '0777123456' } }, steps, 'documents')).toEqual({});
  });
});

describe('stepModuleProblems', () => {
  it('finds none in the repository’s forms, where each module is on one step', () => {
    const flows = read('schemas/flows.json') as Record<string, string[]>;
    const ids = [...new Set(Object.values(flows).flat())];
    const steps = Object.fromEntries(ids.map((id) => [id, { schema: read(`schemas/steps/${id}.schema.json`) }]));
    expect(stepModuleProblems({ steps, flows })).toEqual([]);
    const found = ids.map((id) => moduleOf(steps[id])).filter(Boolean);
    expect(new Set(found)).toEqual(new Set(STEP_MODULES));
  });

  it('refuses an unknown module, a module without its fields, one twice in a flow, and floors before storeys', () => {
    const steps = {
      who: marked('aplicant'),
      a: marked('engineer', ['engineer_id', 'validation_token']),
      b: marked('engineer', ['engineer_id']),
      size: marked('storeys', ['has_storeys', 'storey_count']),
      rooms: marked('floors', ['floors']),
    };
    const suggest = (word: string) => (word === 'aplicant' ? 'applicant' : undefined);
    expect(stepModuleProblems({ steps, flows: { new: ['who', 'a', 'b', 'rooms', 'size'] } }, suggest)).toEqual([
      {
        file: 'steps/who.schema.json',
        path: ['x-step-module'],
        message:
          '"aplicant" is not a step module: the wizard would treat the step as a plain one. The modules are ' +
          '"applicant", "engineer", "storeys", "floors", "documents". Did you mean "applicant"?',
        code: 'module_unknown',
        params: {
          name: 'aplicant',
          modules: '"applicant", "engineer", "storeys", "floors", "documents"',
          suggestion: 'applicant',
        },
      },
      {
        file: 'steps/b.schema.json',
        path: ['x-step-module'],
        message: 'the engineer step needs a field "validation_token", which this step does not have.',
        code: 'module_field_missing',
        params: { module: 'engineer', field: 'validation_token' },
      },
      {
        file: 'flows.json',
        path: ['new'],
        message: '"new" has two engineer steps ("a" and "b"): keep one.',
        code: 'module_twice',
        params: { type: 'new', module: 'engineer', first: 'a', id: 'b' },
      },
      {
        file: 'flows.json',
        path: ['new'],
        message: 'in "new" the floors step "rooms" comes before any step that gives the storeys: put it after.',
        code: 'module_floors_before_storeys',
        params: { type: 'new', id: 'rooms' },
      },
    ]);
  });
});
