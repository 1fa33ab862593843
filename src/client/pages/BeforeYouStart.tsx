import { useTranslation } from 'react-i18next';
import type { RequiredDocument, Splash } from '../../shared/reference-data';
import { stepWithModule } from '../../shared/step-modules';
import type { ApplicationType } from '../../shared/wizard-driver';
import { useGetSplashQuery } from '../app/splash-api';
import { useForms } from '../forms/forms-query';

/** 'application/pdf' → 'PDF', 'image/jpeg' → 'JPEG'. */
const kindOf = (mime: string) => (mime.split('/')[1] ?? mime).toUpperCase();
const megabytes = (bytes: number, lng: string) =>
  new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** The documents a type may need, each once: every application's, and for buildings those by storeys. */
function documentsFor(type: ApplicationType, splash: Splash): RequiredDocument[] {
  const lists =
    type === 'new' || type === 'government'
      ? [splash.normal_attachments, splash.not_more_than_three_attachments, splash.more_than_three_attachments]
      : [splash.normal_attachments];
  return [...new Map(lists.flat().map((d) => [d.code, d])).values()];
}

/**
 * "What you need" for one application type (issue 17, item 9), from data: the steps of its published
 * flow (an applicant step: an ID; an engineer step: the engineer's registration number and phone),
 * the documents with their accepted kinds and size limits (the reference data), the time and the fees
 * (texts). Loaded only when its disclosure opens: the Request page stays light.
 */
export default function BeforeYouStart({ type }: { type: ApplicationType }) {
  // Its texts are a file of their own (app/i18n.ts LAZY_COMMON), loaded as the list is opened.
  const { t, i18n } = useTranslation(['common', 'before_you_start']);
  const lng = i18n.language === 'sw' ? 'sw' : 'en';
  const { data: forms } = useForms();
  const { data: splash } = useGetSplashQuery();
  if (!forms || !splash) return <p role="status">{t('request.before.loading')}</p>;
  const flow = forms.flows[type] ?? [];
  const has = (module: 'applicant' | 'engineer' | 'documents') =>
    stepWithModule(forms.steps, module, flow) !== undefined;
  const documents = has('documents') ? documentsFor(type, splash) : [];
  return (
    <div className="before-you-start">
      <ul>
        {has('applicant') && <li>{t('request.before.identity')}</li>}
        {has('engineer') && <li>{t('request.before.engineer')}</li>}
        <li>{t(`request.before.time_${type}`)}</li>
        <li>{t('request.before.fees')}</li>
      </ul>
      {documents.length > 0 && (
        <>
          <h3>{t('request.before.documents')}</h3>
          <ul>
            {documents.map((d) => (
              <li key={d.code}>
                {d.name[lng]}
                {d.required ? '' : ` ${t('request.before.optional')}`}
                {': '}
                {t('request.before.file', {
                  kinds: d.accept.map(kindOf).join(', '),
                  size: megabytes(d.max_bytes, lng),
                })}
              </li>
            ))}
          </ul>
          {(type === 'new' || type === 'government') && <p>{t('request.before.by_storeys')}</p>}
        </>
      )}
    </div>
  );
}
