/**
 * What one photo costs the image pipeline (`processImage`, apps/server/src/modules/media/image-pipeline.ts):
 * wall time and CPU time (the process's user + system, libvips' threads included) per photo, the median of
 * `--runs` runs after one warm-up, the bytes it stores, and the peak resident memory of a process doing only
 * that: after its first photo, and after all of them (glibc's allocator keeps what libvips' threads freed, so
 * the peak climbs with the photos a process has processed, as a server's does). The photos are phone photos made from the journeys' arena photo (bench/src/lib/phone-photo.ts,
 * with texture, EXIF and GPS), written to a temporary folder; each is processed in a child process of its own.
 *
 *   flock /tmp/bench.lock node --import tsx bench/src/image-bench.ts [--runs 9]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processImage } from '../../apps/server/src/modules/media/image-pipeline.ts';
import { phonePhoto } from './lib/phone-photo.ts';

const PHOTOS = {
  '12mp': { label: '12 MP, 4032×3024, upright', width: 4032, height: 3024, quality: 90, orientation: 1 },
  '12mp-turned': {
    label: '12 MP, 4032×3024, EXIF orientation 6',
    width: 4032,
    height: 3024,
    quality: 90,
    orientation: 6,
  },
  // JPEG quality 80: at 90 the grain makes it weigh more than the 10 MB an upload may.
  '40mp': { label: '39.7 MP, 7280×5456, JPEG q80', width: 7280, height: 5456, quality: 80, orientation: 1 },
  '40mp-turned': {
    label: '39.7 MP, 7280×5456, JPEG q80, EXIF orientation 6',
    width: 7280,
    height: 5456,
    quality: 80,
    orientation: 6,
  },
} as const;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, file: { type: 'string' } } });
const runs = Number(values.runs);

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const spread = (list: number[]) =>
  `${median(list).toFixed(0)} ms (${Math.min(...list).toFixed(0)}-${Math.max(...list).toFixed(0)})`;
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/** One photo, in this process: the runs, then one line of JSON for the parent. */
async function measure(file: string) {
  const bytes = await readFile(file);
  const wall: number[] = [];
  const cpu: number[] = [];
  let image = await processImage(bytes); // warm-up
  const firstPeakMb = process.resourceUsage().maxRSS / 1024;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    image = await processImage(bytes);
    const used = process.cpuUsage(cpuBefore);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    JSON.stringify({
      input: bytes.length,
      wall,
      cpu,
      variants: image.variants.map((variant) => ({ width: variant.width, bytes: variant.bytes.length })),
      original: { bytes: image.original.bytes.length, format: image.original.format },
      firstPeakMb,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

if (values.file) await measure(values.file);
else {
  const arena = await readFile(path.join(import.meta.dirname, '../../e2e/fixtures/arena.jpg'));
  const dir = await mkdtemp(path.join(tmpdir(), 'corral-image-bench-'));
  try {
    console.log(`processImage, median of ${runs} runs after a warm-up (min-max), one child process per photo`);
    for (const [name, spec] of Object.entries(PHOTOS)) {
      const file = path.join(dir, `${name}.jpg`);
      await writeFile(file, await phonePhoto(arena, { ...spec, texture: true, exif: spec }));
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, '--file', file, '--runs', String(runs)],
        {
          encoding: 'utf8',
        },
      );
      const r = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
      const variants = r.variants.reduce((sum: number, variant: { bytes: number }) => sum + variant.bytes, 0);
      console.log(`\n${spec.label}: input ${kb(r.input)}`);
      console.log(`  wall ${spread(r.wall)}, CPU ${spread(r.cpu)}`);
      console.log(
        `  peak RSS ${r.firstPeakMb.toFixed(0)} MB after the first photo, ${r.peakRssMb.toFixed(0)} MB after ${runs + 1}`,
      );
      console.log(
        `  stored: variants ${r.variants.map((v: { width: number; bytes: number }) => `${v.width} ${kb(v.bytes)}`).join(', ')} ` +
          `(${kb(variants)}) + original.${r.original.format} ${kb(r.original.bytes)} = ${kb(variants + r.original.bytes)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
