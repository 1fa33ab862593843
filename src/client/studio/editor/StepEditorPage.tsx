import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../PageHeading';

/**
 * A placeholder: the step editor (its questions, the live preview) is the editor helper's, and
 * replaces this file. The route /studio/step/:step imports it lazily (StudioRoutes.tsx).
 */
export default function StepEditorPage() {
  const { step = '' } = useParams();
  const { t } = useTranslation('studio');
  return <PageHeading title={t('editor.title', { step })} />;
}
