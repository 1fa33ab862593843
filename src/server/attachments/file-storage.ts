import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';

/** The kinds of file applicants may upload, judged by the file's content. */
export const ACCEPTED_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export class FileTooLargeError extends Error {}
export class FileTypeRefusedError extends Error {}

/** The folder could not take the file (disk full, file too big for the system, no permission, gone). */
export class StorageFailedError extends Error {
  constructor(cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    super(`The file could not be stored${code ? ` (${code})` : ''}`, { cause });
    this.name = 'StorageFailedError';
  }
}

/** A recorded file that cannot be read (gone from the folder, unreadable): the record outlived the file. */
export class StoredFileMissingError extends Error {
  constructor(id: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    super(`The stored file ${id} cannot be read${code ? ` (${code})` : ''}`, { cause });
    this.name = 'StoredFileMissingError';
  }
}

export interface StoredFile {
  id: string;
  size: number;
  sha256: string;
  mimeType: string;
}

/**
 * Files under a folder of the data directory, each named by a random id. A file is written to a
 * partial name while it streams in (counted, hashed, its first bytes sniffed) and renamed only once
 * it is whole and accepted: a refused or broken upload leaves nothing behind. When the folder fails
 * (disk full…), StorageFailedError, after the partial file is removed.
 */
export class FolderFileStorage {
  constructor(private readonly dir: string) {}

  async save(stream: Readable, maxBytes: number): Promise<StoredFile> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
    } catch (error) {
      throw new StorageFailedError(error);
    }
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
    const file = createWriteStream(partial, { flags: 'wx' });
    // Whose error it is: the first stream to fail is where it started (the pipeline then passes the same
    // error to the others). The file's own (opening, writing) are the storage's; the request's (a client
    // gone) and the meter's (too large) are not.
    let storageError: unknown;
    let failed = false;
    const firstError = (own: boolean) => (error: unknown) => {
      if (!failed && own) storageError = error;
      failed = true;
    };
    stream.once('error', firstError(false));
    meter.once('error', firstError(false));
    file.once('error', firstError(true));
    try {
      await pipeline(stream, meter, file);
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError();
      const type = await fileTypeFromBuffer(head);
      if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new FileTypeRefusedError();
      await fs.rename(partial, this.pathOf(id)).catch((error: unknown) => {
        storageError = error;
        throw error;
      });
      return { id, size, sha256: hash.digest('hex'), mimeType: type.mime };
    } catch (error) {
      // Removing may fail too when the folder is what failed: the first error is the one to tell.
      await fs.rm(partial, { force: true }).catch(() => {});
      if (storageError !== undefined && error === storageError) throw new StorageFailedError(error);
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.pathOf(id), { force: true });
  }

  /**
   * A stored file's bytes, streamed, once the file is open: a file missing from the folder is
   * StoredFileMissingError here, before any header is sent, not an error in the middle of the answer.
   */
  async open(id: string): Promise<Readable> {
    const file = this.pathOf(id);
    try {
      return (await fs.open(file, 'r')).createReadStream();
    } catch (error) {
      throw new StoredFileMissingError(id, error);
    }
  }

  pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('not a stored file id');
    return path.join(this.dir, id);
  }
}
