import { describe, expect, it } from 'vitest';
import { answerTexts } from '../../src/client/forms/answer-texts';
import { answerRows } from '../../src/client/forms/answers-format';
import { moduleReviewRows } from '../../src/client/features/wizard/step-modules/review-rows';
import { scaleRows } from '../../src/client/features/wizard/step-modules/documents/scale-rows';
import { rememberUpload } from '../../src/client/features/wizard/step-modules/documents/uploaded-files';
import { formatLongDate, formatMoney, formatNumber, formatSize } from '../../src/shared/text-format';
import { servedForms, splash, translatedStep, wt } from './wizard-forms';

// Issue 17, item 6: the review (and the dashboard's Construction tab) shows what will be sent, readable.

const forms = servedForms();
const languages = ['en', 'sw'] as const;

const translated = (step: string, language: 'en' | 'sw') => translatedStep(forms, step, language);

describe('formatting for the reader’s language', () => {
  it.each(languages)('groups numbers with commas, sums in TZS, dates in words, sizes (%s)', (lng) => {
    expect(formatNumber(95_000_000, lng)).toBe('95,000,000');
    expect(formatNumber(12.5, lng)).toBe('12.5');
    expect(formatMoney(95_000_000, lng)).toBe('95,000,000 TZS');
    expect(formatSize(1_258_291, lng)).toBe('1.2 MB');
    expect(formatSize(348_160, lng)).toBe('340 KB');
    expect(formatLongDate('2026-12-15', lng)).toBe(lng === 'en' ? '15 December 2026' : '15 Desemba 2026');
    expect(formatLongDate('2028-01-05', lng)).toBe(lng === 'en' ? '5 January 2028' : '5 Januari 2028');
  });
});

describe.each(languages)('the answers as rows (%s)', (lng) => {
  const t = wt(lng);
  const texts = answerTexts(t, lng);

  it('says each floor as a sentence: its name, each room by its name and size, and the totals', () => {
    const step = translated('construction_details', lng);
    const [bedroom, kitchen] = [splash.rooms[0]!, splash.rooms[1]!];
    const rows = answerRows(
      step.schema,
      step.uiSchema,
      {
        floors: [
          {
            floor: 0,
            rooms: [{ room: bedroom.id, area_m2: 12, percent_covered: 10 }],
            area_m2: 12,
            percent_covered: 10,
          },
          {
            floor: 1,
            rooms: [
              { room: bedroom.id, area_m2: 1250.5, percent_covered: 20 },
              { room: kitchen.id, area_m2: 8, percent_covered: 5 },
            ],
            area_m2: 1258.5,
            percent_covered: 25,
          },
        ],
      },
      texts,
    );
    const room = (name: string, area: string, percent: string) =>
      t('wizard.review.floors.room', { room: name, area, percent });
    const total = (area: string, percent: string) => t('wizard.review.floors.total', { area, percent });
    expect(rows.slice(0, 2)).toEqual([
      {
        label: t('wizard.review.floors.ground'),
        value: `${room(bedroom.name[lng], '12', '10')}. ${total('12', '10')}`,
      },
      {
        label: t('wizard.review.floors.storey', { n: 1 }),
        value: `${room(bedroom.name[lng], '1,250.5', '20')}; ${room(kitchen.name[lng], '8', '5')}. ${total('1,258.5', '25')}`,
      },
    ]);
    // No path of fields and rows ("Floors, row 2, Rooms and other areas, row 1, Area (m²)").
    for (const row of rows) expect(row.label).not.toMatch(/\brow\b|\bsafu\b|\b0\b/i);
  });

  it('writes a sum of money grouped, in TZS', () => {
    const step = translated('building_details', lng);
    const rows = answerRows(step.schema, step.uiSchema, { approximate_cost_tzs: 95_000_000 }, texts);
    expect(rows).toEqual([{ label: t('forms:building_details.approximate_cost_tzs.title'), value: '95,000,000 TZS' }]);
  });

  it('names each document with the file sent for it, its size and its scale', () => {
    // The uploads step's UI schema as translated: each document's name in the reader's language.
    const names = {
      floor_plans: { en: 'Floor plans', sw: 'Ramani za sakafu' },
      sheha_letter: { en: 'Sheha’s letter', sw: 'Barua ya sheha' },
      title_deed: { en: 'Title deed', sw: 'Hati ya kiwanja' },
    };
    const step = {
      uiSchema: {
        documents: Object.fromEntries(Object.entries(names).map(([code, name]) => [code, { 'ui:title': name[lng] }])),
      },
    };
    const files: Record<string, { name: string; size: number }> = {
      'att-00000001': { name: 'plans.pdf', size: 1_258_291 },
      'att-00000002': { name: 'barua.pdf', size: 348_160 },
    };
    for (const [id, file] of Object.entries(files)) rememberUpload(id, file);
    const ui = step.uiSchema.documents as Record<string, { 'ui:title': string }>;
    const [drawing, letter, other] = Object.keys(names);
    const rows = moduleReviewRows(
      'documents',
      {
        documents: { [drawing!]: 'att-00000001', [letter!]: 'att-00000002', [other!]: 'att-00000003' },
        scales: { [drawing!]: '1:100' },
      },
      { t, lng, uiSchema: () => step.uiSchema, engineers: [] },
    );
    expect(rows).toEqual([
      {
        label: ui[drawing!]!['ui:title'],
        value: t('wizard.review.document_file_scale', { name: 'plans.pdf', size: '1.2 MB', scale: '1:100' }),
      },
      {
        label: ui[letter!]!['ui:title'],
        value: t('wizard.review.document_file', { name: 'barua.pdf', size: '340 KB' }),
      },
      // A file uploaded from another tab: its name is not known here.
      { label: ui[other!]!['ui:title'], value: t('wizard.review.uploaded') },
    ]);
    expect(
      scaleRows(
        step.uiSchema,
        { documents: { [drawing!]: 'att-00000001' } },
        {
          uploaded: 'Uploaded',
          file: ({ name, size }) => `${name} (${size})`,
          fileScale: () => 'unused',
          scale: () => 'unused',
          lng,
        },
        (id) => files[id],
      ),
    ).toEqual([{ label: ui[drawing!]!['ui:title'], value: 'plans.pdf (1.2 MB)' }]);
  });

  it('names the engineer beside the registration number, from the engineers’ list when confirmed before', () => {
    const engineer = splash.engineers[0]!;
    const rows = moduleReviewRows(
      'engineer',
      { engineer_id: engineer.registration_number.toLowerCase() },
      { t, lng, uiSchema: () => ({}), engineers: splash.engineers },
    );
    expect(rows).toEqual([{ label: t('wizard.engineer.name'), value: engineer.name }]);
  });
});
