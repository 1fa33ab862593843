import type { TFunction } from 'i18next';
import type { LocalizedText } from '../../../shared/reference-data';

/** The portal's time zone (Zanzibar): a date reads the same on every device and in every test. */
const TIME_ZONE = 'Africa/Dar_es_Salaam';

/** '2026-11-21T09:30:00Z' → '21 Nov 2026, 12:30' in the chosen language. */
export function formatDateTime(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

/** A calendar date ('2026-12-01') or the day of a timestamp, in the chosen language. */
export function formatDate(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: dateOnly ? 'UTC' : TIME_ZONE }).format(date);
}

export function formatAmount(amount: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 0 }).format(amount);
}

/** Newest first, by an ISO date or timestamp field. */
export function newestFirst<T>(items: readonly T[], dateOf: (item: T) => string | null | undefined): T[] {
  return [...items].sort((a, b) => (dateOf(b) ?? '').localeCompare(dateOf(a) ?? ''));
}

export function localized(text: LocalizedText | null | undefined, lng: string): string {
  if (!text) return '';
  return lng === 'sw' ? text.sw || text.en : text.en;
}

/** An application's status in the chosen language (an unknown one as the server wrote it). */
export function statusText(t: TFunction, status: string | null | undefined): string {
  if (!status) return '';
  return t(`dashboard.status.${status}`, { defaultValue: status.replace(/_/g, ' ') });
}

/** An application type's name ('new' → 'New application'). */
export function typeText(t: TFunction, type: string | null | undefined): string {
  if (!type) return '';
  return t(`request.types.${type}.title`, { defaultValue: type });
}
