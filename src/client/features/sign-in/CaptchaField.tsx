import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
// The widget without its built-in workers (those start from blob: URLs, which the page's CSP refuses):
// its stylesheet and its PBKDF2 worker are files of our own bundle, loaded from our origin.
import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { State } from 'altcha/types';
// Types only: the JSX element <altcha-widget>.
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { newCaptcha } from '../../../shared/api/captcha';
import { apiRequestInit } from '../../app/request-init';
import { useContact } from '../../components/contact';
import { visuallyHidden } from '../../components/visually-hidden';

/** The server's only algorithm (src/server/captcha/captcha-service.ts). */
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** What the widget's texts fall back to for the ones we never show (code challenges, its footer). */
const WIDGET_DEFAULTS = { ...globalThis.$altcha.i18n.get('en') };

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

/**
 * The widget fetches its challenge itself: from /api/captcha/new, a POST answered in our envelope,
 * handed to it as the bare challenge it expects.
 */
async function fetchChallenge(language: string): Promise<Response> {
  const response = await fetch(newCaptcha.path, apiRequestInit({}, { language }));
  const body = (await response.json().catch(() => undefined)) as
    { response?: { code?: number; data?: unknown } } | undefined;
  const ok = response.ok && body?.response?.code === 200;
  return new Response(JSON.stringify(ok ? body.response!.data : { error: String(response.status) }), {
    status: ok ? 200 : response.status || 500,
    headers: { 'content-type': 'application/json' },
  });
}

export interface CaptchaHandle {
  /** The solved payload: at once if there is one, else when the running check ends ('' if it failed). */
  payload(): Promise<string>;
  /** A new check with a new challenge (the server spends one at every try). */
  renew(): void;
  focus(): void;
}

export interface CaptchaFieldProps {
  handle: Ref<CaptchaHandle>;
  error: string;
  /** Said under the widget when there is no error (e.g. that the check was renewed). */
  note: string;
}

/**
 * The captcha: ALTCHA's proof of work, done by the browser (a worker) with nothing to read or type. It
 * starts when the form gets the focus; the checkbox starts it too, from the keyboard or a tap.
 */
export function CaptchaField({ handle, error, note }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation();
  const { phone } = useContact();
  const widget = useRef<AltchaWidgetElement>(null);
  const solved = useRef('');
  const waiting = useRef<((payload: string) => void)[]>([]);
  const [state, setState] = useState<WidgetState>('unverified');
  const language = i18n.language;

  // The widget's texts from our locales, for the language shown; they follow the language switch.
  useEffect(() => {
    globalThis.$altcha.i18n.set(language, {
      ...WIDGET_DEFAULTS,
      label: t('view.captcha_label'),
      verifying: t('view.captcha_verifying'),
      verified: t('view.captcha_verified'),
      error: t('view.captcha_error'),
      expired: t('view.captcha_expired'),
      verificationRequired: t('view.captcha_required'),
      waitAlert: t('view.captcha_verifying'),
      loading: t('view.captcha_verifying'),
    });
  }, [language, t]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    // The widget's methods exist once it has mounted (its `load` event), not when React creates it.
    const setUp = () =>
      void element.configure({
        challenge: newCaptcha.path,
        fetch: () => fetchChallenge(i18n.language),
        auto: 'onfocus',
        hideFooter: true,
        hideLogo: true,
      });
    if (typeof element.configure === 'function') setUp();
    else element.addEventListener('load', setUp, { once: true });
    const settle = (payload: string) => {
      solved.current = payload;
      waiting.current.splice(0).forEach((resolve) => resolve(payload));
    };
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: WidgetState; payload?: string | null }>).detail;
      setState(detail.state);
      if (detail.state === 'verified') settle(detail.payload ?? '');
      else if (detail.state === 'error' || detail.state === 'expired') settle('');
      else if (detail.state === 'unverified' || detail.state === 'verifying') solved.current = '';
    };
    // An expired challenge is put back to the start: the next focus (or tick) fetches a new one.
    const onExpired = () => element.reset();
    element.addEventListener('statechange', onState);
    element.addEventListener('expired', onExpired);
    return () => {
      element.removeEventListener('load', setUp);
      element.removeEventListener('statechange', onState);
      element.removeEventListener('expired', onExpired);
    };
  }, [i18n]);

  useImperativeHandle(handle, () => ({
    payload: () => {
      const element = widget.current;
      if (solved.current || typeof element?.verify !== 'function') return Promise.resolve(solved.current);
      const next = new Promise<string>((resolve) => waiting.current.push(resolve));
      if (element.getState() !== State.VERIFYING) void element.verify();
      return next;
    },
    renew: () => {
      const element = widget.current;
      solved.current = '';
      if (typeof element?.verify !== 'function') return;
      element.reset();
      void element.verify();
    },
    focus: () => {
      const element = widget.current;
      const box = () => element?.querySelector<HTMLInputElement>('input[type="checkbox"]');
      // Asked as the step opens: the widget may not have drawn its checkbox yet.
      if (box()) box()!.focus();
      else element?.addEventListener('load', () => box()?.focus(), { once: true });
    },
  }));

  const status =
    state === 'verifying' ? t('view.captcha_verifying') : state === 'verified' ? t('view.captcha_verified') : '';
  return (
    <Box role="group" aria-labelledby="view-captcha-title" aria-describedby="view-captcha-help" sx={{ my: 2 }}>
      <Typography component="h3" variant="subtitle1" id="view-captcha-title" sx={{ fontWeight: 700 }}>
        {t('view.captcha_title')}
      </Typography>
      <Typography variant="body2" id="view-captcha-help" sx={{ mb: 1, color: 'text.secondary' }}>
        {t('view.captcha_help', { phone })}
      </Typography>
      <altcha-widget ref={widget} language={language} />
      {/* The widget's label changes as it works, but says nothing aloud: this does. */}
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      <Typography
        variant="body2"
        id="view-captcha-message"
        role={error ? 'alert' : undefined}
        sx={{ mt: 1, minHeight: '1.5em', color: error ? 'error.main' : 'text.secondary' }}
      >
        {error || note}
      </Typography>
    </Box>
  );
}
