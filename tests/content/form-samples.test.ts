import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { loadForms } from '../../src/server/forms/form-loader';
import { readSamples } from '../../src/server/forms/sample-files';
import { sampleProblems, withReferenceIds, SAMPLE_UPLOAD, type FlowSample } from '../../src/shared/form-samples';
import { createAjv } from '../../src/shared/forms';
import { APPLICATION_TYPES } from '../../src/shared/wizard-driver';

/** schemas/samples/<type>.json against the forms in schemas/: every step of every flow. */
describe('sample answers (schemas/samples)', async () => {
  const forms = await loadForms(SCHEMAS_DIR);
  const samples = await readSamples(SCHEMAS_DIR);
  const ajv = createAjv();

  it.each(APPLICATION_TYPES)('the %s sample answers every step of its flow, as the server validates them', (type) => {
    expect(sampleProblems(forms, type, samples[type], ajv)).toEqual([]);
    expect(Object.keys(samples[type]!)).toEqual([...forms.flows[type]]);
  });

  it('reports a missing required answer, a step left out, a broken cross-step rule and an unnamed document', () => {
    const sample = structuredClone<FlowSample>(samples.new!);
    delete sample.personal!.last_name;
    delete sample.building;
    sample.construction!.storey_count = 2;
    delete (sample.uploads!.documents as Record<string, string>).floor_plans;
    const problems = sampleProblems(forms, 'new', sample, ajv);
    expect(problems).toEqual(
      expect.arrayContaining([
        'samples/new.json has no answers for the step "building"',
        expect.stringMatching(/step "personal", \/last_name: must have required property 'last_name'/),
        expect.stringMatching(/^samples\/new\.json, \/construction_details\/floors: floors_count$/),
        'samples/new.json, step "uploads": the required document "floor_plans" is not named',
      ]),
    );
    expect(sampleProblems(forms, 'repair', undefined, ajv)).toEqual([
      'samples/repair.json is missing: every flow needs sample answers',
    ]);
  });

  it('uses the placeholders for attachment ids and positions for reference items', () => {
    const documents = Object.values(samples.new!.uploads!.documents as Record<string, string>);
    expect(new Set(documents)).toEqual(new Set([SAMPLE_UPLOAD]));
    const lists = { rooms: [{ id: 101 }, { id: 102 }, { id: 103 }] };
    const bound = withReferenceIds(forms.steps.construction_details!.schema, samples.new!.construction_details, lists);
    const rooms = (bound as { floors: { rooms: { room: number }[] }[] }).floors[0]!.rooms.map((r) => r.room);
    // positions 1, 6, 20 of a list of three wrap round: 101, 103, 102
    expect(rooms).toEqual([101, 103, 102]);
  });
});
