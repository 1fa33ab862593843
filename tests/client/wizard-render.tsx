import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/client/app/App';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { allTexts } from './locales';
import { testRouter } from './test-router';
import { makeStore } from '../../src/client/app/store';
import type { WizardState } from '../../src/client/features/wizard/wizard-slice';
import type { Language } from '../../src/shared/reference-data';

export interface RenderWizardOptions {
  language?: Language;
  /** An application already under way (e.g. every step saved and the review open). */
  wizard?: Partial<WizardState>;
  /** 'app': only the texts the app starts with (English common and pages), the rest loaded when needed. */
  texts?: 'all' | 'app';
}

const EMPTY: WizardState = {
  type: null,
  answers: {},
  saved: [],
  current: null,
  referenceNumber: null,
  engineer: null,
  zanid: null,
  continued: false,
  phase: 'editing',
  formsChanged: [],
  unfinished: [],
  reopened: false,
};

/** The whole app at `path`, as renderApp does, with the wizard's state given and user-event without timers. */
export function renderWizard(path: string, { language, wizard, texts = 'all' }: RenderWizardOptions = {}) {
  const store = makeStore(wizard ? { wizard: { ...EMPTY, ...wizard } } : undefined);
  const i18n = createI18n(language, texts === 'all' ? allTexts : undefined);
  setAppI18n(i18n);
  const { element, router } = testRouter(path);
  // No delays between keystrokes: some tests fake setTimeout.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <App store={store} i18n={i18n}>
      {element}
    </App>,
  );
  return { ...result, store, router, user };
}
