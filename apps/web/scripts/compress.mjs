// Precompresses the built web app: next to every text file of dist of at least 1 KiB, a brotli copy
// (`.br`, quality 11) and a gzip copy (`.gz`, level 9), each written only when smaller than the file. The
// server sends them by content negotiation (@fastify/static `preCompressed`), so nothing is compressed
// per request. Run last in the build (after the prerender step), since it compresses what dist holds.
// Source maps are left as they are: only developer tools fetch them.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
export const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the .br and .gz of one file; answers their sizes (null where the copy would not be smaller). */
async function compressFile(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const written = { raw: body.length, br: null, gz: null };
  if (br.length < body.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < body.length) {
    await writeFile(`${file}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

/** Precompresses every eligible file under `dist`; answers what it wrote. */
export async function compressDist(dist) {
  const eligible = [];
  for await (const file of files(dist)) {
    if (!TEXT_EXTENSIONS.has(path.extname(file))) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    eligible.push(file);
  }
  const results = [];
  // Two at a time: brotli at its highest quality is the slow part, and the build machine has two cores.
  for (let i = 0; i < eligible.length; i += 2) {
    const batch = eligible.slice(i, i + 2);
    const done = await Promise.all(batch.map(compressFile));
    for (const [j, file] of batch.entries()) results.push({ file: path.relative(dist, file), ...done[j] });
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
  const results = await compressDist(dist);
  const sum = (key) => results.reduce((total, result) => total + (result[key] ?? result.raw), 0);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `compress: ${results.length} files in ${path.relative(process.cwd(), dist) || '.'}: ` +
      `${kib(sum('raw'))} → brotli ${kib(sum('br'))}, gzip ${kib(sum('gz'))}`,
  );
}
