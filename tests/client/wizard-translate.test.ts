import { describe, expect, it } from 'vitest';
import { answerRows } from '../../src/client/forms/answers-format';
import { rowStrings } from '../../src/client/forms/row-words';
import { servedForms, splash, translatedStep, wt } from './wizard-forms';

const forms = servedForms();

const translated = (step: string, language: 'en' | 'sw' = 'en') => translatedStep(forms, step, language);

describe('translateStep', () => {
  it('translates titles, help, placeholders and options into the UI schema, leaving the schema as served', () => {
    const t = wt('sw');
    const step = translated('personal', 'sw');
    expect(step.schema).toBe(forms.steps.personal!.schema);
    expect(step.title).toBe(t('forms:personal.title'));
    expect(step.uiSchema['ui:title']).toBe('');
    const ui = step.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.first_name!['ui:title']).toBe(t('forms:personal.first_name.title'));
    expect(ui.phone!['ui:help']).toBe(t('forms:personal.phone.help'));
    expect(ui.phone!['ui:placeholder']).toBe(t('forms:personal.phone.placeholder'));
    // Declared only inside allOf/then, still labelled.
    expect(ui.zan_id!['ui:title']).toBe(t('forms:personal.zan_id.title'));
    expect(ui.identification_type!.oneOf).toEqual([
      { 'ui:title': t('forms:personal.identification_type.options.zanid') },
      { 'ui:title': t('forms:personal.identification_type.options.passport') },
    ]);
    expect(step.uiSchema['ui:options']).toEqual({ expandable: false });
  });

  it('labels reference-bound choices from the splash lists in the chosen language', () => {
    type RoomUi = { floors: { items: { rooms: { items: { room: Record<string, unknown> } } } } };
    const ui = translated('construction_details', 'sw').uiSchema as unknown as RoomUi;
    expect(ui.floors.items.rooms.items.room['ui:enumNames']).toEqual(splash.rooms.map((room) => room.name.sw));
  });
});

describe('answerRows', () => {
  it('shows answers with their labels, option texts, Yes/No and table rows in their own words', () => {
    const t = wt('en');
    const texts = { yes: 'Yes', no: 'No', rows: rowStrings(t) };
    const step = translated('construction_details');
    const rows = answerRows(
      step.schema,
      step.uiSchema,
      {
        floors: [
          { floor: 0, rooms: [{ room: 1, area_m2: 12 }] },
          { floor: 1, rooms: [{ area_m2: 8 }] },
        ],
      },
      texts,
    );
    // The rows' own words (rowNames), never "Floors, row 1, Rooms and other areas, row 1, …".
    expect(rows).toEqual([
      { label: 'Ground floor, Floor (0 = ground floor)', value: '0' },
      { label: 'Room or area 1 in ground floor, Room or area', value: splash.rooms[0]!.name.en },
      { label: 'Room or area 1 in ground floor, Area (m²)', value: '12' },
      { label: 'Floor 1, Floor (0 = ground floor)', value: '1' },
      { label: 'Room or area 1 in floor 1, Area (m²)', value: '8' },
    ]);
    const repair = translated('repair');
    expect(
      answerRows(repair.schema, repair.uiSchema, { affects_neighbours: false, repair_type: 'roof' }, texts),
    ).toEqual([
      { label: t('forms:repair.repair_type.title'), value: t('forms:repair.repair_type.options.roof') },
      { label: t('forms:repair.affects_neighbours.title'), value: 'No' },
    ]);
  });
});
