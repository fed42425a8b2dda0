import { defineConfig } from 'vitest/config';

/**
 * The chaos suite (`npm run test:chaos`, run by .ci/run): each file starts services of its own (a throwaway
 * PostgreSQL cluster, a redis-server, server processes) so it can kill and restart them without touching
 * the machine's shared PostgreSQL and Redis. One file at a time: they are heavy and time-sensitive.
 */
export default defineConfig({
  test: {
    name: 'chaos',
    root: import.meta.dirname,
    include: ['**/*.chaos.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    env: { TZ: 'UTC' },
  },
});
