/** A moment as the studio shows it: date and time in the studio's language, the browser's time zone. */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/**
 * A day as the staff app shows it: the date alone, in its language, in Zanzibar's time (the day the
 * working days count from, wherever the browser is).
 */
export function formatDay(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'Africa/Dar_es_Salaam',
  }).format(date);
}

/** A number in the staff app's language (TZS amounts, file sizes). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', { maximumFractionDigits }).format(value);
}
