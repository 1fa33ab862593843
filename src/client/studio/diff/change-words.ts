import type { TFunction } from 'i18next';
import type { FormsChange } from '../../../shared/api/studio';
import type { FormsSet } from '../../../shared/forms';
import type { Language, LocalizedText } from '../../../shared/reference-data';
import { isJsonObject } from '../../../shared/schema-walk';
import { inLanguage } from '../form-texts';

/** What a question_changed names, as the studio says it (unknown names are said as they come). */
const KNOWN_WHATS = new Set(['required', 'type', 'format', 'limits', 'options', 'show_when', 'help', 'label']);

/**
 * A change's label, read in a language: a document's is its name as the draft has it, which may be
 * something else than both languages (the checker says so); that is said by its code name.
 */
const labelOf = (label: unknown): Partial<LocalizedText> | undefined => (isJsonObject(label) ? label : undefined);

/**
 * One change of the forms as a sentence in the studio's language, e.g. "Construction: new required
 * question 'Plot title deed number'". Names are the draft's own words in that language (step titles,
 * question labels, document names), the code name when it has none.
 */
export function changeWords(change: FormsChange, t: TFunction, language: Language, set?: FormsSet): string {
  const step = inLanguage(change.step_title, language, change.step ?? '');
  const label = inLanguage(labelOf(change.label), language, change.field ?? change.key ?? '');
  const document = () => {
    const rule = set?.documents.find((d) => d.id === change.document);
    return inLanguage(labelOf(change.label ?? rule?.name), language, change.document ?? '');
  };
  const flow = () => t(`flows.${change.flow}`, { defaultValue: change.flow ?? '' });
  switch (change.kind) {
    case 'step_added':
      return t('changes.step_added', { step });
    case 'step_removed':
      return t('changes.step_removed', { step });
    case 'flow_changed':
      return t('changes.flow_changed', { flow: flow() });
    case 'question_added':
      return t(change.required ? 'changes.question_added_required' : 'changes.question_added', { step, label });
    case 'question_removed':
      return t('changes.question_removed', { step, label });
    case 'question_changed': {
      const what = (change.what ?? []).map((w) => (KNOWN_WHATS.has(w) ? t(`changes.what.${w}`) : w));
      return what.length
        ? t('changes.question_changed_what', { step, label, what: what.join(', ') })
        : t('changes.question_changed', { step, label });
    }
    case 'text_changed': {
      const which = t(`changes.language.${change.language ?? 'en'}`);
      const words = { which, label, before: change.before ?? '', after: change.after ?? '' };
      if (!change.before) return t('changes.text_added', words);
      if (!change.after) return t('changes.text_emptied', words);
      return t('changes.text_changed', words);
    }
    case 'document_added':
      return t('changes.document_added', { document: document() });
    case 'document_removed':
      return t('changes.document_removed', { document: document() });
    case 'document_changed':
      return t('changes.document_changed', { document: document() });
    default:
      return t('changes.other');
  }
}
