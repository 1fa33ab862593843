import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';

/** The kinds of file applicants may upload, judged by the file's content. */
export const ACCEPTED_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export class FileTooLargeError extends Error {}
export class FileTypeRefusedError extends Error {}

export interface StoredFile {
  id: string;
  size: number;
  sha256: string;
  mimeType: string;
}

/**
 * Files under a folder of the data directory, each named by a random id. A file is written to a
 * partial name while it streams in (counted, hashed, its first bytes sniffed) and renamed only once
 * it is whole and accepted: a refused or broken upload leaves nothing behind.
 */
export class FolderFileStorage {
  constructor(private readonly dir: string) {}

  async save(stream: Readable, maxBytes: number): Promise<StoredFile> {
    await fs.mkdir(this.dir, { recursive: true });
    const id = randomUUID();
    const partial = path.join(this.dir, `.partial-${id}`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError());
        if (head.length < 4100) head = Buffer.concat([head, chunk.subarray(0, 4100 - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, createWriteStream(partial, { flags: 'wx' }));
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError();
      const type = await fileTypeFromBuffer(head);
      if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new FileTypeRefusedError();
      await fs.rename(partial, this.pathOf(id));
      return { id, size, sha256: hash.digest('hex'), mimeType: type.mime };
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.pathOf(id), { force: true });
  }

  /** A stored file's bytes, streamed. */
  read(id: string): Readable {
    return createReadStream(this.pathOf(id));
  }

  pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('not a stored file id');
    return path.join(this.dir, id);
  }
}
