import { defineConfig } from 'vitest/config';

// Logic tests (`*.test.ts`) run in Node; component tests (`*.test.tsx`) render with Testing Library in jsdom.
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    env: { TZ: 'UTC' },
    setupFiles: ['./src/test/setup.ts'],
    environment: 'node',
    // Component tests type with userEvent, a key at a time: on 2 cores under a full CI run (load 12-14) one
    // took over vitest's default 5 s, and its typing ran on into the next test.
    testTimeout: 15_000,
  },
});
