import { configDefaults, defineConfig } from 'vitest/config';

// The account suite's server tests run a second time on a PostgreSQL server (scripts/ensure-postgres.sh); they fail,
// never skip, when it cannot start. erasure.test.ts stays SQLite-only: it reads the SQLite file's bytes.
const ACCOUNT_SERVER_TESTS = [
  'client-flows',
  'concurrency',
  'data-cap',
  'limits',
  'outbox',
  'security',
  'server-api',
  'server-extra',
  'sessions',
  'smtp',
  'social',
  'spec-remaining',
  'takeover',
].map((name) => `tests/account/${name}.test.ts`);
// Two servers on one database, and `scores serve --db postgres://`: PostgreSQL only.
const ACCOUNT_POSTGRES_ONLY = ['tests/account/postgres-shared.test.ts', 'tests/account/postgres-serve.test.ts'];

// Settings of both projects (a project that extends the root would add to its include list, not replace it).
const shared = {
  environment: 'node',
  // Pages show times in the visitor's zone; tests stand for a visitor in Kazakhstan.
  env: { TZ: 'Asia/Almaty' },
  testTimeout: 30_000,
  hookTimeout: 120_000,
} as const;

// Unit, property and integration tests run under Node; component tests opt into
// happy-dom with a `@vitest-environment happy-dom` comment; e2e tests drive Chromium.
export default defineConfig({
  test: {
    ...shared,
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'main', exclude: [...configDefaults.exclude, ...ACCOUNT_POSTGRES_ONLY] } },
      {
        test: {
          ...shared,
          name: 'account-postgres',
          include: [...ACCOUNT_SERVER_TESTS, ...ACCOUNT_POSTGRES_ONLY],
          env: { ...shared.env, ACCOUNT_DB: 'postgres' },
        },
      },
    ],
  },
});
