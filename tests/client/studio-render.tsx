import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource, ResourceLanguage } from 'i18next';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { setAppI18n } from '../../src/client/app/i18n';
import { createStudioI18n } from '../../src/client/studio/studio-i18n';
import { makeStudioStore } from '../../src/client/studio/studio-store';
import { StudioApp } from '../../src/client/studio/StudioApp';
import { StudioRoutes } from '../../src/client/studio/StudioRoutes';
import type { StaffRole } from '../../src/shared/api/staff-session';
import type { Language } from '../../src/shared/reference-data';
import { server } from './msw-server';
import { staffAnswer, studioBackend, type StudioBackend } from './studio-backend';

const files = import.meta.glob<ResourceLanguage>('../../locales/*/{common,studio,checks}.json', {
  eager: true,
  import: 'default',
});
/** The studio's texts, common's and the checker's (checks), in both languages. */
export const studioTexts: Resource = {};
for (const [file, texts] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (studioTexts[language!] ??= {})[namespace!] = texts;
}

export interface RenderStudioOptions {
  language?: Language;
  /** Signed in with this role (none: the sign-in shows). */
  role?: StaffRole;
  /** Sets the backend's state before the studio starts. */
  setup?: (backend: StudioBackend) => void;
}

/** The studio as main.tsx builds it, on a memory router at `path`, its server the studio backend. */
export function renderStudio(path: string, { language = 'en', role, setup }: RenderStudioOptions = {}) {
  const { backend, handlers } = studioBackend();
  if (role) backend.staff = staffAnswer(role);
  setup?.(backend);
  server.use(...handlers);
  const store = makeStudioStore();
  const i18n = createStudioI18n(language, studioTexts);
  setAppI18n(i18n);
  const where: { location?: Location } = {};
  function Probe() {
    where.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <StudioApp store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <StudioRoutes />
        <Probe />
      </MemoryRouter>
    </StudioApp>,
  );
  return { ...result, backend, store, i18n, user, where };
}
