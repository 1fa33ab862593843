import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The client build's manifest, or undefined when the build has none (an older build, API tests). */
export function readBuildManifest(staticDir: string): BuildManifest | undefined {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/**
 * The files the browser needs to run `modules` (source paths, as the manifest names them): each one's
 * script and the scripts it imports, and their stylesheets, in the order they are met. A module the
 * manifest does not know is skipped (the page then loads it as it always can, when it asks for it).
 */
export function filesOf(manifest: BuildManifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return { scripts, styles };
}
