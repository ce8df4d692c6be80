import { defineConfig } from 'vitest/config';

// Unit, property and integration tests run under Node; component tests opt into
// happy-dom with a `@vitest-environment happy-dom` comment; e2e tests drive Chromium.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // Pages show times in the visitor's zone; tests stand for a visitor in Kazakhstan.
    env: { TZ: 'Asia/Almaty' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
