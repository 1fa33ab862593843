/**
 * The studio's preview frame (/studio/preview?lng=en|sw, its own lazy chunk): a step of the draft as
 * the applicant will see it, in one language, with sample answers. The editor's page shows two of
 * these side by side, 360 px wide, and sends each the step by postMessage as the editor types.
 *
 * It renders the step with the wizard's own parts (src/client/forms: StepForm, translate-schema,
 * rjsf-theme): importing them is what makes the preview the real thing.
 */
import { useEffect, useMemo, useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StepForm } from '../../forms/StepForm';
import { widgetsAwayFromWizard } from '../../forms/rjsf-theme';
import { translateStep } from '../../forms/translate-schema';
import type { StepForm as FormsStep } from '../../../shared/forms';
import { isLanguage, type Language } from '../../../shared/reference-data';
import { isJsonObject, walkSchema, type Json } from '../../../shared/schema-walk';
import { previewValidator } from './condition-check';
import { createPreviewI18n } from './preview-i18n';
import { usePreviewLists, type PreviewLists } from './reference-lists';
import { isPreviewStep, PREVIEW_CHANNEL, type PreviewStepMessage } from './preview-message';

/** How many items a reference list shows while the real lists are not there (numbered, not named). */
const REFERENCE_ITEMS = 5;

/** The step as the wizard is served it: each reference field bound to its list (as the server binds it). */
function served(message: PreviewStepMessage, lists: PreviewLists): FormsStep {
  const schema = structuredClone(message.schema);
  walkSchema(schema, (node: Json) => {
    const list = node['x-reference'];
    if (typeof list !== 'string') return;
    const items = lists[list];
    node.enum = items?.length ? items.map((item) => item.id) : Array.from({ length: REFERENCE_ITEMS }, (_, i) => i + 1);
  });
  return { schema, uiSchema: message.uiSchema };
}

function textOf(texts: unknown, key: string): string {
  let node: unknown = texts;
  for (const part of key.split('.')) node = isJsonObject(node) ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}

/** The frame's language, from its address; English when it names none we have. */
export function frameLanguage(search: string): Language {
  const lng = new URLSearchParams(search).get('lng');
  return isLanguage(lng) ? lng : 'en';
}

interface Shown {
  message: PreviewStepMessage;
  /** Counts the steps received: each is shown afresh, with its sample answers. */
  count: number;
}

/** Listens to the editor (its parent, same origin only) and tells it when it is ready and what it rendered. */
function usePostedStep(language: Language): Shown | null {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      // Only the studio page that framed this one may say what to show.
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (!isPreviewStep(event.data)) return;
      const message = event.data;
      setShown((previous) => ({ message, count: (previous?.count ?? 0) + 1 }));
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ channel: PREVIEW_CHANNEL, ready: language }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, [language]);
  useEffect(() => {
    const revision = shown?.message.revision;
    if (revision === null || revision === undefined) return;
    window.parent.postMessage({ channel: PREVIEW_CHANNEL, rendered: revision, language }, window.location.origin);
  }, [shown, language]);
  return shown;
}

function PreviewStep({ shown, lists, language }: { shown: Shown; lists: PreviewLists; language: Language }) {
  const { t } = useTranslation('studio');
  const { message } = shown;
  const translated = useMemo(
    () =>
      translateStep(served(message, lists), {
        t: (key) => textOf(message.texts, key),
        referenceLabel: (list, id) =>
          lists[list]?.find((item) => item.id === id)?.name[language] ||
          t('preview.reference_item', { number: String(id) }),
      }),
    [message, lists, language, t],
  );
  return (
    <StepForm
      key={shown.count}
      step={message.step}
      translated={translated}
      validator={previewValidator}
      initial={message.answers}
      initialErrors={[]}
      focusHeading={false}
      onSave={() => Promise.resolve({ ok: true })}
      onEdit={() => undefined}
      onGoToStep={() => undefined}
      stepTitleOf={(step) => step}
      widgets={widgetsAwayFromWizard}
    />
  );
}

function PreviewBody({ language }: { language: Language }) {
  const { t } = useTranslation('studio');
  const shown = usePostedStep(language);
  const lists = usePreviewLists();
  return (
    <Box component="main" lang={language} sx={{ p: 2 }}>
      {shown ? (
        <PreviewStep shown={shown} lists={lists} language={language} />
      ) : (
        <Typography role="status">{t('preview.waiting')}</Typography>
      )}
    </Box>
  );
}

export function PreviewPage() {
  const language = frameLanguage(window.location.search);
  const [i18n, setI18n] = useState<I18n | null>(null);
  useEffect(() => {
    let live = true;
    void createPreviewI18n(language).then((instance) => live && setI18n(instance));
    return () => {
      live = false;
    };
  }, [language]);
  if (!i18n) return null;
  return (
    <I18nextProvider i18n={i18n}>
      <PreviewBody language={language} />
    </I18nextProvider>
  );
}

export default PreviewPage;
