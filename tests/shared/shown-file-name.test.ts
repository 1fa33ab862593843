import { describe, expect, it } from 'vitest';
import { SHOWN_FILE_NAME_MAX, shownFileName } from '../../src/shared/api/open-draft';

describe('shownFileName: a file name fit to show, never used for anything else', () => {
  it.each([
    ['plan.pdf', 'plan.pdf'],
    ['  Ramani   ya\tkiwanja.pdf ', 'Ramani ya kiwanja.pdf'],
    ['barua\u200b\u200dya\u00ad sheha\u200e.pdf', 'baruaya sheha.pdf'],
    ['\ufeffpicha.png', 'picha.png'],
    // Composed as typed on another phone: one form, so that it reads and compares alike.
    ['Cafe\u0301.pdf', 'Caf\u00e9.pdf'],
  ])('%j → %j', (sent, shown) => {
    expect(shownFileName(sent)).toBe(shown);
  });

  it('is null when nothing visible is left', () => {
    expect(shownFileName('\u200b\u200c \u2060')).toBeNull();
  });

  it('cuts a long name in its middle, keeping its start and its extension, to at most the limit', () => {
    const long = `${'a'.repeat(100)}${'b'.repeat(100)}.pdf`;
    const shown = shownFileName(long)!;
    expect([...shown]).toHaveLength(SHOWN_FILE_NAME_MAX);
    expect(shown).toMatch(/^a+…b+\.pdf$/);
    // Characters outside the basic plane count as one, and are never cut in half.
    const emoji = shownFileName(`${'🏠'.repeat(200)}.png`)!;
    expect([...emoji]).toHaveLength(SHOWN_FILE_NAME_MAX);
    expect(emoji).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
  });
});
