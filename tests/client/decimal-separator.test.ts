import { afterEach, describe, expect, it, vi } from 'vitest';
import getDecimalSeparator from '../../src/client/vendor/rjsf-decimal-separator';

describe("RJSF's decimal separator, remembered (src/client/vendor/rjsf-decimal-separator.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers as RJSF does: the languages’ own separator, "." when none is known', () => {
    expect(getDecimalSeparator('en')).toBe('.');
    expect(getDecimalSeparator(['de-DE', 'en'])).toBe(',');
    expect(getDecimalSeparator('sw-TZ')).toBe('.');
  });

  it('builds a number format once per list of languages, not on every render of a number field', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    const first = getDecimalSeparator(['fr-FR']);
    for (let i = 0; i < 20; i++) expect(getDecimalSeparator(['fr-FR'])).toBe(first);
    expect(built).toHaveBeenCalledTimes(1);
    getDecimalSeparator(['en-GB']);
    expect(built).toHaveBeenCalledTimes(2);
  });
});
