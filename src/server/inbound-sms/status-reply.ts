import { formatLongDate, formatNumber, isCalendarDate } from '../../shared/text-format';
import type { Language } from '../../shared/reference-data';
import { formatReferenceNumber } from '../applications/reference-number';
import { message } from '../i18n/messages';
import type { PendingItem } from './pending-items';

/** Two SMS parts of GSM-7 (153 characters each once joined): a feature phone shows them as one. */
export const MAX_REPLY_CHARS = 306;
/** Room kept for the "and n more" line when items are left out. */
const MORE_ROOM = 70;

/**
 * Only characters every feature phone shows in one GSM-7 part: accents dropped, typographic quotes
 * and dashes made plain, anything else a question mark (a UCS-2 SMS holds 70 characters, not 160).
 */
export function gsmSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[^\x20-\x7e\n]/g, '?');
}

function readable(language: Language, params: PendingItem['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (isCalendarDate(value)) out[key] = formatLongDate(value, language);
    else if (key === 'amount' && typeof value === 'number') out[key] = formatNumber(value, language);
    else out[key] = value;
  }
  return out;
}

/**
 * The answer to a status request: the status in words, then each pending item (a request for
 * changes, an invoice with its control number) while two parts have room; the rest counted.
 */
export function statusReply(language: Language, reference: string, status: string, items: PendingItem[]): string {
  let text = message(language, 'inbound_sms.status', {
    reference_number: formatReferenceNumber(reference),
    status: message(language, `statuses.${status}`),
  });
  let left = 0;
  for (const [i, item] of items.entries()) {
    const part = ` ${message(language, `inbound_sms.pending.${item.key}`, readable(language, item.params))}`;
    const room = MAX_REPLY_CHARS - (i === items.length - 1 ? 0 : MORE_ROOM);
    if (left === 0 && text.length + part.length <= room) text += part;
    else left++;
  }
  if (left > 0) text += ` ${message(language, 'inbound_sms.more', { count: left })}`;
  return gsmSafe(text);
}
