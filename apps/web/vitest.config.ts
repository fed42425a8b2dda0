import { defineConfig } from 'vitest/config';

// Logic tests (`*.test.ts`) run in Node; component tests (`*.test.tsx`) render with Testing Library in jsdom.
export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    env: { TZ: 'UTC' },
    setupFiles: ['./src/test/setup.ts'],
    environment: 'node',
  },
});
