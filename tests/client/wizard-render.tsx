import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { App } from '../../src/client/app/App';
import { createI18n, setAppI18n } from '../../src/client/app/i18n';
import { allTexts } from './locales';
import { testRouter } from './test-router';
import { PERSONAL, wt } from './wizard-forms';
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

/** Types a valid personal step (PERSONAL, with a passport) in `language`, the step open. */
export async function fillPersonal(user: UserEvent, language: Language = 'en') {
  const t = wt(language);
  const f = (key: string) => t(`forms:${key}`);
  await user.click(await screen.findByRole('radio', { name: f('personal.identification_type.options.passport') }));
  await user.type(
    await screen.findByRole('textbox', { name: f('personal.passport_number.title') }),
    PERSONAL.passport_number,
  );
  for (const field of ['first_name', 'last_name', 'phone', 'address', 'street'] as const)
    await user.type(screen.getByRole('textbox', { name: f(`personal.${field}.title`) }), PERSONAL[field]);
}
