import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the two-core machines we run on,
    // which left a core idle while the test files ran one after another. Each file starts its own server.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Screens rendered in jsdom with user events take seconds on a loaded two-core machine; 5 s (the
          // default) cut off tests that were only slow, not stuck.
          testTimeout: 20_000,
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
