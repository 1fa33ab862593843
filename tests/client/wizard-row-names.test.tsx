import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, servedForms, splash, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';

const forms = servedForms();

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
beforeEach(() => server.use(...formsHandlers(forms)));

const material = (id: number) => ({ name: id, quantity: 2 });

/** A new application open on its building materials: two foundation materials, one wall material (and the one row the roof and the doors and windows start with). */
function openMaterials(language: 'en' | 'sw') {
  return renderWizard('/home/new', {
    language,
    wizard: {
      type: 'new',
      answers: {
        personal: {},
        engineer: {},
        construction: { has_storeys: false },
        construction_details: {},
        building: {},
        building_details: {
          foundation: [material(splash.foundation_tools[0]!.id), material(splash.foundation_tools[1]!.id)],
          wall: [material(splash.wall_tools[0]!.id)],
        },
      },
      saved: ['personal', 'engineer', 'construction', 'construction_details', 'building'],
      current: 'building_details',
      referenceNumber: 'ABCDE-FGHJK',
    },
  });
}

const SAID = {
  en: {
    adds: [
      'Add a foundation material',
      'Add a wall material',
      'Add a column material',
      'Add a beam material',
      'Add a roof covering',
      'Add a door or window',
    ],
    removes: [
      'Remove foundation material 1',
      'Remove foundation material 2',
      'Remove wall material 1',
      'Remove roof covering 1',
      'Remove door or window 1',
    ],
  },
  sw: {
    adds: [
      'Ongeza kifaa cha msingi',
      'Ongeza kifaa cha ukuta',
      'Ongeza kifaa cha nguzo',
      'Ongeza kifaa cha boriti',
      'Ongeza aina ya paa',
      'Ongeza mlango au dirisha',
    ],
    removes: [
      'Ondoa kifaa cha msingi namba 1',
      'Ondoa kifaa cha msingi namba 2',
      'Ondoa kifaa cha ukuta namba 1',
      'Ondoa aina ya paa namba 1',
      'Ondoa mlango au dirisha namba 1',
    ],
  },
};

describe('the building materials tables name what their buttons add and remove', () => {
  for (const lng of ['en', 'sw'] as const) {
    it(`in ${lng === 'en' ? 'English' : 'Swahili'}`, async () => {
      const tl = wt(lng);
      const { user } = openMaterials(lng);
      await screen.findByRole('heading', { level: 2, name: tl('forms:building_details.title') });
      const adds = screen
        .getAllByRole('button', { name: new RegExp(`^${tl('common:wizard.rjsf.AddButton')} `) })
        .map((button) => button.textContent);
      expect(adds).toEqual(SAID[lng].adds);
      const removes = screen
        .getAllByRole('button', { name: new RegExp(`^${tl('common:wizard.rjsf.RemoveButton')} `) })
        .map((button) => button.getAttribute('title'));
      expect(removes).toEqual(SAID[lng].removes);
      // Each row is titled, and named for screen readers, in the same words ("Foundation material 2", never "Row 2").
      const groups = screen
        .getAllByRole('group')
        .filter((group) => group.hasAttribute('aria-label'))
        .map((group) => group.getAttribute('aria-label'));
      const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
      expect(groups).toEqual(SAID[lng].removes.map((remove) => capital(remove.replace(/^\S+ /, ''))));
      // Added by its named button, the new row is named by its number in its table.
      await user.click(screen.getByRole('button', { name: SAID[lng].adds[1] }));
      const third = lng === 'en' ? 'Remove wall material 2' : 'Ondoa kifaa cha ukuta namba 2';
      expect(await screen.findByRole('button', { name: third })).toBeInTheDocument();
      // Removing the first foundation material renumbers the one after it.
      await user.click(screen.getByRole('button', { name: SAID[lng].removes[0] }));
      await waitFor(() => expect(screen.queryByRole('button', { name: SAID[lng].removes[1] })).not.toBeInTheDocument());
      expect(screen.getAllByRole('button', { name: SAID[lng].removes[0] })).toHaveLength(1);
    });
  }
});
