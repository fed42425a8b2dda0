import { availableParallelism } from 'node:os';
import { retryLater } from '../../lib/errors.ts';

export interface ImageQueueLimits {
  /** Images decoded and encoded at once; the others wait their turn. */
  concurrency: number;
  /** Uploads that may wait for a worker on top of those being worked on; one more is refused with 503. */
  queueLength: number;
  /** What the 503 tells the client to wait before trying again. */
  retryAfterSeconds: number;
}

/**
 * The process-wide numbers of image work, in one place.
 *
 * - concurrency: one image per CPU, at most 3. On glibc Linux sharp gives each image one libvips thread, and
 *   every sharp call runs on libuv's pool of 4 threads, which file writes and scrypt share: 3 leaves one free.
 *   A 39.7-megapixel JPEG takes about 1.2 s of CPU: 0.25 s for the variants (shrunk while it is decoded),
 *   the rest for its full-size original (ADR 011; a 12-megapixel one 0.5 s, 0.23 s of it for the variants).
 * - queueLength: posts with photos that may wait for a worker once they are read. A post's photos are
 *   processed one after the other, so a post holds one place, and at most 10 photos of 10 MB: the photos
 *   waiting for work stay under (concurrency + queueLength) x 100 MB, and the last in line waits seconds,
 *   not minutes. An upload still being read holds no place (a slow client must not block the others).
 * - retryAfterSeconds: roughly the time a full line of phone photos takes to move on.
 */
export const IMAGE_QUEUE_LIMITS: Readonly<ImageQueueLimits> = {
  concurrency: Math.max(1, Math.min(3, availableParallelism())),
  queueLength: 8,
  retryAfterSeconds: 10,
};

export const IMAGE_QUEUE_BUSY_MESSAGE = 'Too many photos are being processed right now. Please try again in a moment.';

/**
 * A small queue for image work. Two counts:
 * - places: a request with photos takes a place for as long as its photos are worked on (`withPlace`); when
 *   `concurrency + queueLength` places are taken, the next is refused with 503 and a Retry-After header,
 *   before any work is done or anything is stored.
 * - workers: `run` lets `concurrency` tasks run at once and keeps the rest waiting, first come first served.
 */
export class ImageQueue {
  #places = 0;
  #running = 0;
  #processed = 0;
  #failed = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limits: ImageQueueLimits) {}

  /** Refuses with 503 unless a place is free; checked again by withPlace, this one only saves reading. */
  assertRoom(): void {
    if (this.#places >= this.limits.concurrency + this.limits.queueLength)
      throw retryLater(503, IMAGE_QUEUE_BUSY_MESSAGE, this.limits.retryAfterSeconds);
  }

  /** Runs `task` holding a place in line, or refuses with 503 when the line is full. */
  async withPlace<T>(task: () => Promise<T>): Promise<T> {
    this.assertRoom();
    this.#places += 1;
    try {
      return await task();
    } finally {
      this.#places -= 1;
    }
  }

  /** Runs one image's work when a worker is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.limits.concurrency) this.#running += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      const result = await task();
      this.#processed += 1;
      return result;
    } catch (error) {
      this.#failed += 1;
      throw error;
    } finally {
      // The worker passes straight to the next in line, or is freed.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  /** For tests and logs: places taken, tasks running and tasks waiting. */
  get load(): { places: number; running: number; waiting: number } {
    return { places: this.#places, running: this.#running, waiting: this.#waiting.length };
  }

  /** For the metrics: the load, and the images worked on since start, done and failed. */
  get stats(): { places: number; running: number; waiting: number; processed: number; failed: number } {
    return { ...this.load, processed: this.#processed, failed: this.#failed };
  }
}

/** The one queue of the process: every app in it shares the same CPUs. */
export const imageQueue = new ImageQueue(IMAGE_QUEUE_LIMITS);
