import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` (vite.config.ts aliases it here). RJSF imports it to render
 * descriptions and help as Markdown when a UI schema asks for it; our forms never do, and the library
 * is ~30 KiB of gzip on a phone's first wizard step. Texts are shown as typed, never as HTML.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <span>{children}</span>;
}

export default Markdown;
