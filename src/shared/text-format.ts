/**
 * Numbers, sums of money, sizes and dates as a reader of each language reads them: English as in
 * Britain, Swahili as in Tanzania (both group thousands with commas: 95,000,000), dates in words
 * ("15 December 2026", "15 Desemba 2026"). The server writes notices with them and the browser the review
 * and the dashboard, so both say the same.
 */

/** The portal's time zone (Zanzibar): a moment reads the same on every device. */
export const TIME_ZONE = 'Africa/Dar_es_Salaam';

const LOCALES: Record<string, string> = { en: 'en-GB', sw: 'sw-TZ' };

/** The locale of a language code ('sw' → 'sw-TZ'); an unknown one as English. */
export const localeOf = (lng: string): string => LOCALES[lng.slice(0, 2)] ?? LOCALES.en!;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${lng}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lng), { maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** 95000000 → '95,000,000'; 12.5 → '12.5' (at most two decimals). */
export const formatNumber = (value: number, lng: string): string => numberFormat(lng, 2).format(value);

/** A sum in Tanzanian shillings: '95,000,000 TZS'. */
export const formatMoney = (amount: number, lng: string): string => `${numberFormat(lng, 0).format(amount)} TZS`;

/** A file's size: '340 KB', '1.5 MB'. */
export function formatSize(bytes: number, lng: string): string {
  if (bytes < 1024) return `${numberFormat(lng, 0).format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${numberFormat(lng, 1).format(bytes / 1024)} KB`;
  return `${numberFormat(lng, 1).format(bytes / (1024 * 1024))} MB`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a calendar date as the API writes one ('2026-12-15'). */
export const isCalendarDate = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());

/** A calendar date ('2026-12-15') or the day of a moment, in words: '15 December 2026', '15 Desemba 2026'. */
export function formatLongDate(value: string, lng: string): string {
  const dateOnly = ISO_DATE.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(lng), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: dateOnly ? 'UTC' : TIME_ZONE,
  }).format(date);
}
