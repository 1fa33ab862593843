import type { TFunction } from 'i18next';
import type { AnswerTexts } from './answers-format';
import { rowStrings } from './row-words';

/** The words the answers are shown with (the review and the dashboard's Construction tab), in `lng`. */
export function answerTexts(t: TFunction, lng: string): AnswerTexts {
  return {
    yes: t('wizard.yes'),
    no: t('wizard.no'),
    rows: rowStrings(t),
    lng,
    floors: {
      ground: t('wizard.review.floors.ground'),
      storey: (n) => t('wizard.review.floors.storey', { n }),
      room: (values) => t('wizard.review.floors.room', values),
      total: (values) => t('wizard.review.floors.total', values),
    },
  };
}
