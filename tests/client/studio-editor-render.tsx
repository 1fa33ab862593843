import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setAppI18n } from '../../src/client/app/i18n';
import { Themed } from '../../src/client/app/Themed';
import { uiReducer } from '../../src/client/app/ui-slice';
import { studioApi } from '../../src/client/studio/studio-api';
import { STUDIO_API, type StudioDraft, type StudioDraftAnswer } from '../../src/shared/api/studio';
import type { Envelope } from '../../src/shared/envelope';
import type { FormsSet } from '../../src/shared/forms';
import type { Language } from '../../src/shared/reference-data';

const files = import.meta.glob<ResourceLanguage>('../../locales/*/{common,studio}.json', {
  eager: true,
  import: 'default',
});
/** The studio's texts and the portal's common ones, in both languages. */
export const studioTexts: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (studioTexts[language!] ??= {})[namespace!] = texts;
}

export function studioI18n(language: Language) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: studioTexts,
    lng: language,
    fallbackLng: 'en',
    ns: ['studio', 'common'],
    defaultNS: 'studio',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function studioStore() {
  return configureStore({
    reducer: { [studioApi.reducerPath]: studioApi.reducer, ui: uiReducer },
    middleware: (getDefault) => getDefault().concat(studioApi.middleware),
  });
}

/** `ui` in the studio's providers (store, i18n in `language`, theme), on a memory router at `path`. */
export function renderStudio(
  ui: ReactNode,
  { language = 'en', path = '/', route = '*' } = {} as {
    language?: Language;
    path?: string;
    route?: string;
  },
) {
  const store = studioStore();
  const i18n = studioI18n(language);
  setAppI18n(i18n as unknown as Parameters<typeof setAppI18n>[0]);
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Themed>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          </MemoryRouter>
        </Themed>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store, i18n, user };
}

export function envelope<T>(code: number, message: string, data: T) {
  return HttpResponse.json<Envelope<T>>({ response: { code, message, data } }, { status: code });
}

export const studioCall = (call: string) => `${STUDIO_API}/${call}`;

/** A draft answer around `set`, at `revision`, with these item revisions. */
export function draftAnswer(
  set: FormsSet,
  revision: number,
  revisions: Record<string, number>,
  problems: StudioDraftAnswer['problems'] = [],
): StudioDraftAnswer {
  const draft: StudioDraft = {
    set,
    based_on: 3,
    revisions,
    revision,
    updated_by: 'Asha Mohamed',
    updated_at: '2026-11-26T09:00:00.000Z',
  };
  return { draft, live_version: 3, problems };
}

/** Records the bodies of one studio call, answering each with `answer(body, count)`. */
export function recordCall<Body>(call: string, answer: (body: Body, count: number) => Response) {
  const bodies: Body[] = [];
  const handler = http.post(studioCall(call), async ({ request }) => {
    const body = (await request.json()) as Body;
    bodies.push(body);
    return answer(body, bodies.length);
  });
  return { bodies, handler };
}
