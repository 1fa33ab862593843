import type { LocalizedText } from '../../../shared/reference-data';

/**
 * Formats a non-programmer picks by name (locales: editor.format.<id>): each a pattern with its
 * description in plain words in both languages. The description is form content (it goes into the
 * draft's texts, where the editor may change it), so it is data here rather than a text of the studio.
 * "custom" keeps a pattern typed by hand.
 */
interface FormatPreset {
  pattern: string;
  description: LocalizedText;
}

export const FORMAT_PRESETS = {
  digits: {
    pattern: '^[0-9]+$',
    description: { en: 'digits only, no spaces', sw: 'tarakimu tu, bila nafasi' },
  },
  letters_digits: {
    pattern: '^[A-Z0-9]+$',
    description: { en: 'capital letters and digits, no spaces', sw: 'herufi kubwa na tarakimu, bila nafasi' },
  },
  phone: {
    pattern: '^(0[67][0-9]{8}|\\+255[67][0-9]{8})$',
    description: {
      en: '10 digits starting with 06 or 07, or +255 and 9 digits starting with 6 or 7; no spaces',
      sw: 'tarakimu 10 zinazoanza na 06 au 07, au +255 na tarakimu 9 zinazoanza na 6 au 7; bila nafasi',
    },
  },
} satisfies Record<string, FormatPreset>;

type PresetId = keyof typeof FORMAT_PRESETS;
export type FormatChoice = 'none' | 'custom' | PresetId;
const PRESET_IDS = Object.keys(FORMAT_PRESETS) as PresetId[];
export const FORMAT_CHOICES: FormatChoice[] = ['none', ...PRESET_IDS, 'custom'];

/** The preset a pattern is, if any. */
export function presetOf(pattern: string | undefined): FormatChoice {
  if (pattern === undefined) return 'none';
  return PRESET_IDS.find((id) => FORMAT_PRESETS[id].pattern === pattern) ?? 'custom';
}
