import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_QUEUE_BUSY_MESSAGE, IMAGE_QUEUE_LIMITS, ImageQueue } from './image-queue.ts';

/** A task that runs until its release is called. */
function gate() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { task: () => done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ImageQueue', () => {
  it('has limits taken from the CPU count, within what libuv can run', () => {
    expect(IMAGE_QUEUE_LIMITS.concurrency).toBeGreaterThanOrEqual(1);
    expect(IMAGE_QUEUE_LIMITS.concurrency).toBeLessThanOrEqual(3);
    expect(IMAGE_QUEUE_LIMITS.queueLength).toBeGreaterThan(0);
    expect(IMAGE_QUEUE_LIMITS.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses a place with 503 and Retry-After once concurrency + queueLength are taken, and frees it after', async () => {
    const queue = new ImageQueue({ concurrency: 1, queueLength: 1, retryAfterSeconds: 7 });
    const first = gate();
    const second = gate();
    const held = [queue.withPlace(first.task), queue.withPlace(second.task)];
    const refused = await queue.withPlace(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      message: IMAGE_QUEUE_BUSY_MESSAGE,
      headers: { 'retry-after': '7' },
    });
    expect(() => queue.assertRoom()).toThrow(IMAGE_QUEUE_BUSY_MESSAGE);
    first.release();
    await held[0];
    expect(await queue.withPlace(async () => 'ran')).toBe('ran');
    // A task that fails gives its place back too.
    await expect(
      queue.withPlace(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    second.release();
    await held[1];
    expect(queue.load).toEqual({ places: 0, running: 0, waiting: 0 });
  });

  it('runs at most `concurrency` tasks at once, the others in the order they came', async () => {
    const queue = new ImageQueue({ concurrency: 2, queueLength: 10, retryAfterSeconds: 1 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, index) =>
      queue.run(async () => {
        started.push(index);
        await g.task();
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ places: 0, running: 2, waiting: 3 });
    gates[1]?.release();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.release();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ places: 0, running: 0, waiting: 0 });
  });

  it('frees the worker of a task that fails', async () => {
    const queue = new ImageQueue({ concurrency: 1, queueLength: 1, retryAfterSeconds: 1 });
    await expect(
      queue.run(async () => {
        throw new Error('not an image');
      }),
    ).rejects.toThrow('not an image');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.load.running).toBe(0);
  });
});
