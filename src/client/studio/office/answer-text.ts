import type { TFunction } from 'i18next';
import type { ApplicationOutline } from '../../../shared/api/change-requests';
import { formatNumber } from '../format-time';

/** A question of the application's own forms, as the outline gives it. */
export type OutlineField = ApplicationOutline['steps'][number]['fields'][number];

/** Words in the reader's language. */
export const inLanguage = (text: { en: string; sw: string }, language: string) =>
  language === 'sw' ? text.sw : text.en;

/**
 * An answer as a reader reads it: a choice by its words, yes or no, a number in their format, a list's
 * items, a table's rows counted (the answers view draws the table itself).
 */
export function answerText(
  value: unknown,
  field: Pick<OutlineField, 'options'> | undefined,
  t: TFunction<'office'>,
  language: string,
): string {
  if (value === undefined || value === null || value === '') return t('office:rounds.no_answer');
  const option = field?.options?.find((o) => o.value === value);
  if (option) return inLanguage(option.title, language);
  if (typeof value === 'boolean') return t(value ? 'office:rounds.yes' : 'office:rounds.no');
  if (typeof value === 'number') return formatNumber(value, language, 2);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map((item) => answerText(item, field, t, language)).join(', ');
  if (Array.isArray(value)) return t('office:rounds.rows', { count: value.length });
  return JSON.stringify(value);
}
