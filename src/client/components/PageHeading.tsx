import type { ReactNode } from 'react';
import { usePageTitle } from '../app/use-page-title';

/** The page's h1 (the theme's h1, in shell.css) and document title, from one translation key. */
export function PageHeading({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  usePageTitle(titleKey);
  return <h1 className="k-h1">{children}</h1>;
}
