import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|map)$/;

/** Writes .br and .gz beside every text asset of the build (those `only` keeps), so the server never compresses static files itself. */
export async function precompress(dir: string, only: (file: string) => boolean = () => true): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && only(path.join(e.parentPath, e.name)))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        const content = await fs.readFile(file);
        if (content.length < 512) return;
        const [br, gzipped] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gz(content, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gzipped)]);
      }),
  );
}
