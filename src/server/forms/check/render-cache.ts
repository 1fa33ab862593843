import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Sets the smoke render has shown without a fault, remembered on disk by their content and by the code
 * that renders them: every test file and every first start builds an app over the same schemas/, and
 * the render (React, MUI, every step in each language) costs seconds. Only passes are remembered: a
 * set that failed is rendered again. Any change to the wizard's code (or the bundle, or the packages)
 * changes the key.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'kibali-forms-render');
const here = path.dirname(fileURLToPath(import.meta.url));

async function hashFiles(hash: ReturnType<typeof createHash>, files: string[]): Promise<boolean> {
  let any = false;
  for (const file of files.sort()) {
    const text = await fs.readFile(file).catch(() => undefined);
    if (text) [any] = [true, hash.update(file).update(text)];
  }
  return any;
}

let fingerprint: Promise<string> | undefined;

/** The code the render depends on: the wizard's source and the packages (or, when bundled, the bundle). */
function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    const src = path.resolve(here, '../../..');
    const wizard = path.join(src, 'client/features/wizard');
    const sources = await fs.readdir(wizard).catch(() => [] as string[]);
    const found = await hashFiles(hash, [
      ...sources.map((f) => path.join(wizard, f)),
      path.join(src, 'shared/wizard-widgets.ts'),
      path.join(here, 'smoke-render.tsx'),
      path.join(src, '../package-lock.json'),
    ]);
    if (!found) await hashFiles(hash, [fileURLToPath(import.meta.url)]);
    return hash.digest('base64url');
  })();
  return fingerprint;
}

const entry = async (content: string) =>
  path.join(
    CACHE_DIR,
    createHash('sha256')
      .update(await codeFingerprint())
      .update(content)
      .digest('base64url'),
  );

export async function renderedBefore(content: string): Promise<boolean> {
  return fs
    .access(await entry(content))
    .then(() => true)
    .catch(() => false);
}

export async function rememberRendered(content: string): Promise<void> {
  try {
    await fs.mkdir(CACHE_DIR, { recursive: true });
    await fs.writeFile(await entry(content), '');
  } catch {
    // A cache that cannot be written only costs the render next time.
  }
}
