import { expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app';
import { loadForms } from '../../src/server/forms/form-loader';
import { withDocuments } from '../../src/shared/document-fields';
import { formsOutline } from './forms-outline';

/**
 * For testers and reviewers: every flow written out as plain text (forms-outline.ts): the steps in flow
 * order with their titles, the documents by storey count, and each field's label, help, required,
 * format in words, condition in words, widget and limits, in English | Swahili. Any change to schemas/
 * shows up as a readable diff of tests/content/__snapshots__/forms.md.
 * After an intended change: npx vitest run --project node tests/content/forms-snapshot.test.ts -u
 */
it('the forms, flow by flow, match the reviewed snapshot', async () => {
  // As served: the uploads step with an entry per document of documents.json.
  const forms = withDocuments(await loadForms(SCHEMAS_DIR));
  await expect(formsOutline(forms)).toMatchFileSnapshot('__snapshots__/forms.md');
});

it('writes conditions, formats and documents in words', async () => {
  const outline = formsOutline(withDocuments(await loadForms(SCHEMAS_DIR)));
  expect(outline).toContain(
    '  shown when: identification_type ("Type of identification") is "zanid" ("ZanID (Zanzibar resident ID)")',
  );
  expect(outline).toContain('  format: 9 digits | tarakimu 9');
  expect(outline).toMatch(/^- 4 storeys: 16 required: .*eia_certificate/m);
  expect(outline).toMatch(/^- ground floor only: 10 required: /m);
});
