import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationType } from '../../shared/wizard-driver';

const BeforeYouStart = lazy(() => import('./BeforeYouStart'));

/**
 * A "What you need" disclosure (a native <details>: keyboard and screen readers know it): its content
 * and the forms and reference data it reads are loaded only once it is opened.
 */
export function WhatYouNeed({ type }: { type: ApplicationType }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="what-you-need"
      style={{ marginTop: 12 }}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{t('request.before.toggle')}</summary>
      {opened && (
        <Suspense fallback={<p role="status">{t('request.before.loading')}</p>}>
          <BeforeYouStart type={type} />
        </Suspense>
      )}
    </details>
  );
}
