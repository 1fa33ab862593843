import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Steps the smoke render has shown without a fault, remembered on disk by what was shown (the step, the
 * language's texts, the answers) and by the code that showed them: every test file and every first
 * start builds an app over the same schemas/, a policy edit changes a step or two, and the render
 * (React, MUI, every step in each language) costs seconds. Only passes are remembered. Any change to
 * the form parts' code (or the bundle, or the packages) changes every key.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'kibali-forms-render');
const here = path.dirname(fileURLToPath(import.meta.url));

async function hashFiles(hash: ReturnType<typeof createHash>, files: string[]): Promise<boolean> {
  let any = false;
  for (const file of files.sort()) {
    const text = await fs.readFile(file).catch(() => undefined);
    if (!text) continue;
    hash.update(file).update(text);
    any = true;
  }
  return any;
}

let fingerprint: Promise<string> | undefined;

/** The code the render depends on: the form parts' source and the packages (or, when bundled, the bundle). */
function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    const src = path.resolve(here, '../../..');
    const forms = path.join(src, 'client/forms');
    const sources = await fs.readdir(forms).catch(() => [] as string[]);
    // From the sources: the client's form parts. Bundled (dist/server, a test's bundle): the bundle itself.
    if (sources.length > 0)
      await hashFiles(hash, [
        ...sources.map((f) => path.join(forms, f)),
        path.join(src, 'shared/wizard-widgets.ts'),
        path.join(here, 'smoke-render.tsx'),
        path.join(src, '../package-lock.json'),
      ]);
    else await hashFiles(hash, [fileURLToPath(import.meta.url)]);
    return hash.digest('base64url');
  })();
  return fingerprint;
}

/** The name a render case is remembered by: the code, the step, the language's texts and the answers. */
export async function caseKey(parts: unknown): Promise<string> {
  return createHash('sha256')
    .update(await codeFingerprint())
    .update(JSON.stringify(parts))
    .digest('base64url');
}

/** The cases rendered without a fault before (by caseKey). */
export async function renderedBefore(): Promise<Set<string>> {
  return new Set(await fs.readdir(CACHE_DIR).catch(() => [] as string[]));
}

export async function rememberRendered(keys: string[]): Promise<void> {
  try {
    await fs.mkdir(CACHE_DIR, { recursive: true });
    await Promise.all(keys.map((key) => fs.writeFile(path.join(CACHE_DIR, key), '')));
  } catch {
    // A cache that cannot be written only costs the render next time.
  }
}
