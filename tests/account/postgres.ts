// PostgreSQL for the account tests: the server from scripts/ensure-postgres.sh (or ACCOUNT_PG_URL) and a fresh
// database per account server. Without a server the tests fail saying why; they never skip.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';

/** Which database the account suite runs on: the 'account-postgres' vitest project sets ACCOUNT_DB=postgres. */
export const ACCOUNT_DIALECT: 'sqlite' | 'postgres' = process.env.ACCOUNT_DB === 'postgres' ? 'postgres' : 'sqlite';

let serverUrl: string | undefined;

/** The PostgreSQL server's admin URL, starting the throwaway server when ACCOUNT_PG_URL is not set. */
export function postgresServerUrl(): string {
  serverUrl ??= process.env.ACCOUNT_PG_URL || undefined;
  if (serverUrl) return serverUrl;
  const script = resolve(import.meta.dirname, '../../scripts/ensure-postgres.sh');
  try {
    serverUrl = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(
      `The account tests on PostgreSQL need a PostgreSQL server: scripts/ensure-postgres.sh failed (set ACCOUNT_PG_URL ` +
        `to use another server).\n${stderr}`,
    );
  }
  return serverUrl;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = postgresServerUrl();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`The account tests on PostgreSQL cannot reach the server at ${url}: ${String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database on the test server; drop() removes it with any connections left open. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `accounts_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}
