import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setAppI18n } from '../../src/client/app/i18n';
import { createStudioI18n } from '../../src/client/studio/studio-i18n';
import { makeStudioStore } from '../../src/client/studio/studio-store';
import { StudioApp } from '../../src/client/studio/StudioApp';
import type { ApiCall } from '../../src/shared/api/call';
import type { StudioDraft, StudioDraftAnswer } from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import type { Language } from '../../src/shared/reference-data';
import { studioTexts } from './studio-render';
export { wireDraft } from './studio-backend';

/**
 * One part of the studio (`ui`) in the studio's own providers (its store, i18n in `language`, theme),
 * on a memory router at `path` matched by `route`: the parts' tests need no sign-in around them.
 */
export function renderStudio(
  ui: ReactNode,
  { language = 'en', path = '/', route = '*' }: { language?: Language; path?: string; route?: string } = {},
) {
  const store = makeStudioStore();
  const i18n = createStudioI18n(language, studioTexts);
  setAppI18n(i18n);
  const user = userEvent.setup();
  const result = render(
    <StudioApp store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </StudioApp>,
  );
  return { ...result, store, i18n, user };
}

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

/** Records the bodies of one studio call (at its shared path), answering each with `answer(body, count)`. */
export function recordCall<Body>(call: ApiCall, answer: (body: Body, count: number) => Response) {
  const bodies: Body[] = [];
  const handler = http.post(call.path, async ({ request }) => {
    const body = (await request.json()) as Body;
    bodies.push(body);
    return answer(body, bodies.length);
  });
  return { bodies, handler };
}
