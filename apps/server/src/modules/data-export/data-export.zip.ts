import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** A file of the zip: its bytes now, or read when the zip reaches it (null: it could not be read). */
export type ZipEntry =
  | { name: string; bytes: Buffer }
  | { name: string; later: () => Promise<Buffer | null>; compress: boolean; onMissing?: () => void };

/**
 * Writes the entries, in order, as a zip streamed to `file` (yazl: the zip is never whole in memory; an entry
 * given `later` is read only when the zip reaches it, so at most one photo is held at a time). Photos, already
 * compressed, are stored as they are. Answers the file's size.
 */
export async function writeZip(file: string, entries: readonly ZipEntry[], mtime: Date): Promise<number> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  for (const entry of entries) {
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.name, { mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.name, { mtime, compress: entry.compress }, (done) => {
      entry.later().then(
        (bytes) => {
          if (!bytes) entry.onMissing?.();
          done(null, Readable.from([bytes ?? Buffer.alloc(0)]));
        },
        (error: unknown) => done(error as Error, undefined as never),
      );
    });
  }
  zip.end();
  await written;
  return (await stat(file)).size;
}
