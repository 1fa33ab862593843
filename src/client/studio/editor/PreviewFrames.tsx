import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { STUDIO_PREVIEW_PAGE } from '../../../shared/api/studio';
import type { FormsSet, StepForm } from '../../../shared/forms';
import { LANGUAGES, type Language } from '../../../shared/reference-data';
import { markPreviewed } from '../preview-checked';
import {
  isPreviewReady,
  isPreviewRendered,
  PREVIEW_CHANNEL,
  type PreviewStepMessage,
} from '../preview/preview-message';
import { SAMPLE_TEXT, sampleAnswers } from '../preview/sample-answers';

/** A phone's width: the preview is what an applicant sees on one. */
export const PREVIEW_WIDTH = 360;
const PREVIEW_HEIGHT = 640;

interface PreviewFramesProps {
  step: string;
  form: StepForm;
  texts: FormsSet['texts'];
  /** The draft's revision shown, or null while edits wait to be saved (not yet a revision that can be published). */
  revision: number | null;
}

export function previewMessage(props: PreviewFramesProps, language: Language): PreviewStepMessage {
  return {
    channel: PREVIEW_CHANNEL,
    step: props.step,
    schema: props.form.schema,
    uiSchema: props.form.uiSchema,
    texts: props.texts[language] ?? {},
    answers: sampleAnswers(props.form.schema, SAMPLE_TEXT[language]),
    revision: props.revision,
  };
}

/**
 * The live preview: the step in a phone-sized frame per language, side by side. Each frame is the
 * studio's preview page (its own chunk), sent the step as it changes; it reports what it rendered,
 * and the revision shown in both is the one Publish sends (preview-checked.ts). Messages from anything but these frames are ignored.
 */
export function PreviewFrames(props: PreviewFramesProps) {
  const { t } = useTranslation('studio');
  const frames = useRef<Partial<Record<Language, HTMLIFrameElement | null>>>({});
  const ready = useRef<Set<Language>>(new Set());
  const rendered = useRef<Partial<Record<Language, number>>>({});
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // Stable: a new callback at each render would detach and attach the frame, forgetting it was ready.
  const [refs] = useState(
    () =>
      Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          (element: HTMLIFrameElement | null) => {
            frames.current[language] = element;
            if (!element) ready.current.delete(language);
          },
        ]),
      ) as Record<Language, (element: HTMLIFrameElement | null) => void>,
  );

  const post = useCallback((language: Language) => {
    const target = frames.current[language]?.contentWindow;
    if (!target || !ready.current.has(language)) return;
    target.postMessage(previewMessage(latest.current, language), window.location.origin);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const language = LANGUAGES.find(
        (lng) => event.source !== null && frames.current[lng]?.contentWindow === event.source,
      );
      if (!language) return;
      if (isPreviewReady(event.data) && event.data.ready === language) {
        ready.current.add(language);
        post(language);
      } else if (isPreviewRendered(event.data) && event.data.language === language) {
        // Publish counts a revision as previewed once it was shown in every language.
        rendered.current[language] = event.data.rendered;
        const revision = event.data.rendered;
        if (LANGUAGES.every((lng) => rendered.current[lng] === revision)) markPreviewed(revision);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post]);

  const { step, form, texts, revision } = props;
  useEffect(() => {
    LANGUAGES.forEach(post);
  }, [step, form, texts, revision, post]);

  return (
    <Box component="section" aria-labelledby="preview-heading">
      <Typography id="preview-heading" component="h2" variant="h5" gutterBottom>
        {t('preview.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('preview.explained')}
      </Typography>
      {/* Two phones are wider than a phone: the row scrolls sideways (by keyboard too) rather than shrinking them. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('preview.frames')}
        sx={{ overflowX: 'auto', maxWidth: '100%', pb: 1 }}
      >
        <Stack direction="row" spacing={2} sx={{ width: 'max-content' }}>
          {LANGUAGES.map((language) => {
            const name = t(`editor.language.${language}`);
            return (
              <Box key={language} component="figure" sx={{ m: 0 }}>
                <Typography component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
                  {name}
                </Typography>
                <iframe
                  ref={refs[language]}
                  src={`${STUDIO_PREVIEW_PAGE}?lng=${language}`}
                  title={t('preview.frame_title', { language: name })}
                  width={PREVIEW_WIDTH}
                  height={PREVIEW_HEIGHT}
                  style={{ border: '1px solid #757575', borderRadius: 12, display: 'block', background: '#fff' }}
                />
              </Box>
            );
          })}
        </Stack>
      </Box>
    </Box>
  );
}
