import type { LocalizedText } from '../../../shared/reference-data';

/**
 * Formats a non-programmer picks by name (locales: editor.format.<id>): each a pattern with its
 * description in plain words in both languages. The description is form content (it goes into the
 * draft's texts, where the editor may change it), so it is data here rather than a text of the studio.
 * "custom" keeps a pattern typed by hand.
 */
export const FORMAT_PRESETS: Record<string, { pattern: string; description: LocalizedText }> = {
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
};

export type FormatChoice = 'none' | 'custom' | keyof typeof FORMAT_PRESETS;
export const FORMAT_CHOICES: FormatChoice[] = ['none', ...Object.keys(FORMAT_PRESETS), 'custom'];

/** The preset a pattern is, if any. */
export function presetOf(pattern: string | undefined): FormatChoice {
  if (pattern === undefined) return 'none';
  const found = Object.entries(FORMAT_PRESETS).find(([, preset]) => preset.pattern === pattern);
  return found ? found[0] : 'custom';
}
