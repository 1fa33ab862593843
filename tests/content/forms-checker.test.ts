import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fields, widgets } from '../../src/client/forms/rjsf-theme';
import { SCHEMAS_DIR } from '../../src/server/app';
import { smokeRenderProblems } from '../../src/server/forms/check/smoke-render';
import { checkFormsFolder, FormsProblemsError, loadForms } from '../../src/server/forms/form-loader';
import { problemLine } from '../../src/shared/forms-check/problems';
import { PAGE_WIDGETS, WIZARD_FIELDS, WIZARD_WIDGETS } from '../../src/shared/wizard-widgets';

// The first full check imports React and MUI and renders every step: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'kibali-forms-check-'));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));
let copies = 0;

/** A copy of schemas/ with one file's text changed as a policy officer might, and what the checker says of it. */
async function checkEdited(file: string, edit: (text: string) => string) {
  const dir = path.join(scratch, `copy-${++copies}`);
  await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
  const text = await fs.readFile(path.join(dir, file), 'utf8');
  const edited = edit(text);
  expect(edited, 'the edit changes the file').not.toBe(text);
  await fs.writeFile(path.join(dir, file), edited);
  const result = await checkFormsFolder(dir);
  const errors = result.problems.filter((p) => p.severity === 'error').map(problemLine);
  return { ...result, errors, dir };
}

/** The line (1-based) of the first occurrence of a text in a file's text. */
const lineOf = (text: string, what: string) => text.slice(0, text.indexOf(what)).split('\n').length;

describe('the forms checker', () => {
  it("passes the repository's own forms with no error", async () => {
    const { set, problems } = await checkFormsFolder(SCHEMAS_DIR);
    expect(problems.filter((p) => p.severity === 'error').map(problemLine)).toEqual([]);
    expect(set).toBeDefined();
  });

  it('refuses "requried", which would make every field of a step optional', async () => {
    const original = await fs.readFile(path.join(SCHEMAS_DIR, 'steps/construction.schema.json'), 'utf8');
    const line = lineOf(original, '\n  "required": [') + 1;
    const { set, errors } = await checkEdited('steps/construction.schema.json', (t) =>
      t.replace('\n  "required": [', '\n  "requried": ['),
    );
    expect(set).toBeUndefined();
    expect(errors).toEqual([
      `steps/construction.schema.json line ${line}, column 3: "requried" is not a word a schema may use, so it would be silently ignored. Did you mean "required"?`,
    ]);
  });

  it('refuses "patern", which would accept any phone number', async () => {
    const { errors } = await checkEdited('steps/personal.schema.json', (t) => t.replace('"pattern"', '"patern"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^steps\/personal\.schema\.json line \d+, column \d+: "patern" is not a word a schema may use, so it would be silently ignored\. Did you mean "pattern"\?$/,
    );
  });

  it('refuses "ui:widget": "textare", which would stop the step opening for every applicant', async () => {
    const { errors } = await checkEdited('steps/construction.ui.json', (t) =>
      t.replace('"ui:widget": "textarea"', '"ui:widget": "textare"'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^steps\/construction\.ui\.json line \d+, column \d+: "textare" is not a widget the wizard has, so the step would not open for any applicant\. Did you mean "textarea"\? The usual widgets for this answer are "ZanidWidget", "text", "email", "radio", "select", "textarea", "hidden" and "date"\.$/,
    );
  });

  it('refuses a misspelt step module, which would drop the engineer’s SMS confirmation', async () => {
    const original = await fs.readFile(path.join(SCHEMAS_DIR, 'steps/engineer.schema.json'), 'utf8');
    const line = lineOf(original, '"x-step-module"');
    const { set, errors } = await checkEdited('steps/engineer.schema.json', (t) =>
      t.replace('"x-step-module": "engineer"', '"x-step-module": "enginer"'),
    );
    expect(set).toBeUndefined();
    expect(errors).toEqual([
      `steps/engineer.schema.json line ${line}, column 3: "enginer" is not a step module: the wizard would treat the step as a plain one. The modules are "applicant", "engineer", "storeys", "floors", "documents". Did you mean "engineer"?`,
    ]);
  });

  it('refuses a widget that does not fit the answer (a text box for a yes/no)', async () => {
    const { errors } = await checkEdited('steps/construction.ui.json', (t) =>
      t.replace('"has_storeys": {\n    "ui:widget": "radio"', '"has_storeys": {\n    "ui:widget": "textarea"'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'the widget "textarea" does not fit an answer of type "boolean" (it is for string answers)',
    );
  });

  it('refuses a "default" on a required yes/no question, which would send an answer the applicant never gave', async () => {
    const { set, errors } = await checkEdited('steps/special_plot.schema.json', (t) =>
      t.replace(
        '"flood_area": {\n      "type": "boolean",',
        '"flood_area": {\n      "type": "boolean",\n      "default": false,',
      ),
    );
    expect(set).toBeUndefined();
    expect(errors).toEqual([
      expect.stringMatching(
        /^steps\/special_plot\.schema\.json line \d+, column \d+: "flood_area" is a required yes\/no question, so it may have no "default": .* Remove "default"\.$/,
      ),
    ]);
  });

  it('refuses a "default" on a yes/no question required only under a condition', async () => {
    const { errors } = await checkEdited('steps/building.schema.json', (t) =>
      t.replace(
        '"well_dug": {\n            "type": "boolean",',
        '"well_dug": {\n            "type": "boolean",\n            "default": true,',
      ),
    );
    expect(errors).toEqual([expect.stringContaining('"well_dug" is a required yes/no question')]);
  });

  it('refuses a "required" entry naming a misspelt field, which no applicant could ever fill in', async () => {
    const { errors } = await checkEdited('steps/construction.schema.json', (t) =>
      t.replace('\n    "has_storeys",\n', '\n    "has_storys",\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^steps\/construction\.schema\.json line \d+, column 5: "required" lists "has_storys", which is not a field here\. Did you mean "has_storeys"\?$/,
    );
  });

  it('refuses a misspelt "x-documents" choice and an unknown word in its entry schema', async () => {
    const { set, errors } = await checkEdited('steps/uploads.schema.json', (t) =>
      t.replace('"for": "drawings"', '"for": "drawing"').replace('"maxLength": 64', '"maxLenght": 64'),
    );
    expect(set).toBeUndefined();
    expect(errors).toEqual([
      expect.stringMatching(
        /^steps\/uploads\.schema\.json line \d+, column \d+: "maxLenght" is not a word a schema may use, so it would be silently ignored\. Did you mean "maxLength"\?$/,
      ),
      expect.stringMatching(/"for" is "all" \(every document\) or "drawings" .* Did you mean "drawings"\?$/),
    ]);
  });

  it('tells invalid JSON by line and column in words, once, with no knock-on problems', async () => {
    const original = await fs.readFile(path.join(SCHEMAS_DIR, 'steps/construction.schema.json'), 'utf8');
    const line = lineOf(original, '"description": "construction.description"');
    const { set, problems } = await checkEdited('steps/construction.schema.json', (t) =>
      t.replace(
        '"title": "construction.title",\n  "description": "construction.description"',
        '"title": "construction.title"\n  "description": "construction.description"',
      ),
    );
    expect(set).toBeUndefined();
    // Not "flows.json names the step construction, which has no schema", nor its texts unused.
    expect(problems.map(problemLine)).toEqual([
      `steps/construction.schema.json line ${line}, column 3: a comma is missing before this (between two entries).`,
    ]);
  });

  it('tells a text whose placeholders differ between the languages', async () => {
    const dir = path.join(scratch, 'placeholders');
    await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
    for (const [language, text] of [
      ['en', 'At most {{count}} storeys'],
      ['sw', 'Si zaidi ya ghorofa {{idadi}}'],
    ] as const) {
      const file = path.join(dir, 'texts', `${language}.json`);
      const texts = JSON.parse(await fs.readFile(file, 'utf8'));
      texts.construction.storey_count.description = text;
      await fs.writeFile(file, JSON.stringify(texts, null, 2));
    }
    const { problems } = await checkFormsFolder(dir);
    expect(problems.filter((p) => p.severity === 'error').map(problemLine)).toEqual([
      expect.stringMatching(
        /^texts\/sw\.json line \d+, column \d+: the text of "construction\.storey_count\.description" has the placeholders \{\{count\}\} in texts\/en\.json but \{\{idadi\}\} here: both languages must use the same ones, spelt alike\.$/,
      ),
    ]);
  });

  it("refuses a misspelt word of a table's row names, which would leave its Add button with the generic words", async () => {
    const { set, errors } = await checkEdited('steps/construction_details.ui.json', (t) =>
      t.replace('"add": "construction_details.floors.rows.add"', '"ad": "construction_details.floors.rows.add"'),
    );
    expect(set).toBeUndefined();
    expect(errors).toEqual([
      expect.stringMatching(
        /^steps\/construction_details\.ui\.json line \d+, column \d+: "ad" is not a word "rowNames" may use, so it would be silently ignored\. Did you mean "add"\? Its words are "add", "row" and "zero"\.$/,
      ),
    ]);
  });

  it('takes the words of a row whose field is 0 ("ground floor"), only for row words that name a field', async () => {
    const dir = path.join(scratch, 'row-zero');
    await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
    // The rooms' words name no field ("room or area {{n}}"): a "zero" there would never be used.
    const ui = path.join(dir, 'steps', 'construction_details.ui.json');
    await fs.writeFile(
      ui,
      (await fs.readFile(ui, 'utf8')).replace(
        '"row": "construction_details.floors.rooms.rows.row"',
        '"row": "construction_details.floors.rooms.rows.row",\n            "zero": "construction_details.floors.rows.zero"',
      ),
    );
    // The floors' own: a placeholder no field of the row has.
    for (const language of ['en', 'sw']) {
      const file = path.join(dir, 'texts', `${language}.json`);
      const texts = JSON.parse(await fs.readFile(file, 'utf8'));
      texts.construction_details.floors.rows.zero = `${texts.construction_details.floors.rows.zero as string} {{level}}`;
      await fs.writeFile(file, JSON.stringify(texts, null, 2));
    }
    const { problems, set } = await checkFormsFolder(dir);
    expect(set).toBeUndefined();
    const errors = problems.filter((p) => p.severity === 'error').map(problemLine);
    for (const language of ['en', 'sw'])
      expect(errors).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^texts/${language}\\.json.*the text of "construction_details\\.floors\\.rows\\.zero" has \\{\\{level\\}\\}, which the page cannot fill in`,
          ),
        ),
      );
    expect(errors).toContainEqual(
      expect.stringContaining(
        '"construction_details.floors.rows.zero" names a row whose field is 0 ("ground floor" for floor 0), but the row\'s words "construction_details.floors.rooms.rows.row" name no field of the row, so it would never be used.',
      ),
    );
  });

  it('refuses row names on a field that is not a table', async () => {
    const { errors } = await checkEdited('steps/construction_details.ui.json', (t) =>
      t.replace(
        '"total_area_m2": {\n    "ui:readonly": true',
        '"total_area_m2": {\n    "ui:options": { "rowNames": { "add": "construction_details.floors.rows.add" } },\n    "ui:readonly": true',
      ),
    );
    expect(errors).toEqual([
      expect.stringContaining('"rowNames" names the rows of a table: it belongs to a list ("type": "array") only.'),
    ]);
  });

  it('tells a row name without its Swahili text, and a placeholder the page cannot fill in', async () => {
    const dir = path.join(scratch, 'row-names');
    await fs.cp(SCHEMAS_DIR, dir, { recursive: true });
    const file = (language: string) => path.join(dir, 'texts', `${language}.json`);
    const sw = JSON.parse(await fs.readFile(file('sw'), 'utf8'));
    delete sw.construction_details.floors.rows.add;
    await fs.writeFile(file('sw'), JSON.stringify(sw, null, 2));
    for (const [language, text] of [
      ['en', 'room or area {{number}}'],
      ['sw', 'chumba au eneo namba {{number}}'],
    ] as const) {
      const texts = JSON.parse(await fs.readFile(file(language), 'utf8'));
      texts.construction_details.floors.rooms.rows.row = text;
      await fs.writeFile(file(language), JSON.stringify(texts, null, 2));
    }
    const { problems, set } = await checkFormsFolder(dir);
    expect(set).toBeUndefined();
    const errors = problems.filter((p) => p.severity === 'error').map(problemLine);
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^texts\/sw\.json.*"construction_details\.floors\.rows\.add" has no text: add it \(steps\/construction_details uses it\)\.$/,
      ),
    );
    for (const language of ['en', 'sw'])
      expect(errors).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^texts/${language}\\.json.*the text of "construction_details\\.floors\\.rooms\\.rows\\.row" has \\{\\{number\\}\\}, which the page cannot fill in, so it would show as typed\\. A row's words may name \\{\\{n\\}\\}, its number, or a field of the row: "room", "area_m2" and "percent_covered"\\.$`,
          ),
        ),
      );
    expect(errors).toHaveLength(3);
  });

  it('tells a document condition on a field that does not exist', async () => {
    const { errors } = await checkEdited('documents.json', (t) =>
      t.replace('"answer": "construction.storey_count"', '"answer": "construction.storey_cont"'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^documents\.json line \d+, column \d+: the condition's answer "construction\.storey_cont" names "storey_cont", which is not a field of "construction"\. Did you mean "storey_count"\?$/,
      ),
    ]);
  });

  it('tells a document condition that can never hold, and a schema condition on a missing field', async () => {
    const docs = await checkEdited('documents.json', (t) =>
      t.replace(
        '"answer": "construction.has_storeys",\n          "equals": true',
        '"answer": "construction.has_storeys",\n          "equals": "yes"',
      ),
    );
    expect(docs.errors[0]).toContain(
      'the answer "construction.has_storeys" can never be "yes": its answers are true, false.',
    );
    const schema = await checkEdited('steps/construction.schema.json', (t) => {
      const value = JSON.parse(t);
      value.allOf[0].if.properties = { current_land_uses: value.allOf[0].if.properties.current_land_use };
      return JSON.stringify(value, null, 2);
    });
    expect(schema.errors).toEqual([
      expect.stringMatching(
        /the condition \("if"\) looks at "current_land_uses", which is not a field here\. Did you mean "current_land_use"\?$/,
      ),
    ]);
  });

  it('tells a computed value over a list that is not there', async () => {
    const { errors } = await checkEdited('steps/construction_details.schema.json', (t) =>
      t.replace('"of": "rooms"', '"of": "room"'),
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^steps\/construction_details\.schema\.json line \d+, column \d+: "of" names "room", which is not a list beside "area_m2"\. Did you mean "rooms"\?$/,
      ),
    ]);
  });

  it('keeps loadForms: the set, or FormsProblemsError with one line per error', async () => {
    const { dir } = await checkEdited('steps/personal.schema.json', (t) => t.replace('"pattern"', '"patern"'));
    const error = await loadForms(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormsProblemsError);
    expect((error as FormsProblemsError).problems).toEqual([expect.stringContaining('Did you mean "pattern"?')]);
    expect(Object.keys((await loadForms(SCHEMAS_DIR)).steps)).toContain('construction');
  });
});

describe('the smoke render', () => {
  it('shows a step with the real wizard parts, and fails on a widget the static check would not know', async () => {
    const set = await loadForms(SCHEMAS_DIR);
    expect(smokeRenderProblems(set)).toEqual([]);
    const broken = structuredClone(set);
    (broken.steps.construction!.uiSchema.building_type_description as Record<string, unknown>)['ui:widget'] = 'textare';
    expect(smokeRenderProblems(broken).map(problemLine)).toEqual([
      "steps/construction.ui.json: the step \"construction\" cannot be shown (empty, in English, for \"new\" applications): No widget 'textare' for type 'string'. No applicant could fill it in: correct the step's UI schema.",
    ]);
  });

  it('uses the widgets and fields the wizard registers, by the one shared list of names', () => {
    expect([...Object.keys(widgets), ...PAGE_WIDGETS].sort()).toEqual([...WIZARD_WIDGETS].sort());
    expect(Object.keys(fields).sort()).toEqual([...WIZARD_FIELDS].sort());
  });
});
