// The repository installs and tests on its own: every locked package runs on the Node version package.json
// promises, and no tracked file reaches outside the clone for fixtures or docs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

describe('a fresh clone', () => {
  it('every locked package supports the lowest Node version package.json states', () => {
    const pkg = readJson('package.json');
    const lowest = semver.minVersion(pkg.engines.node);
    expect(lowest).not.toBeNull();
    const lock = readJson('package-lock.json');
    const unsupported: string[] = [];
    for (const [path, entry] of Object.entries<{ engines?: { node?: string }; optional?: boolean }>(lock.packages)) {
      const range = entry.engines?.node;
      if (!path || !range || !semver.validRange(range)) continue;
      if (!semver.satisfies(lowest as semver.SemVer, range)) unsupported.push(`${path} (${range})`);
    }
    expect(unsupported).toEqual([]);
  });

  it('the lock file lists every platform package of the tools it installs, so npm ci accepts it', () => {
    const lock = readJson('package-lock.json');
    const missing: string[] = [];
    for (const [path, entry] of Object.entries<{ optionalDependencies?: Record<string, string> }>(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${path}/node_modules/${name}`;
        if (!lock.packages[`node_modules/${name}`] && !lock.packages[nested]) missing.push(`${name} (for ${path})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no tracked file reads the shared folder beside the clone', () => {
    const marker = ['..', 'shared'].join('/');
    let hits = '';
    try {
      hits = execFileSync('git', ['grep', '-l', '-F', marker], { cwd: root, encoding: 'utf8' });
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(hits.split('\n').filter(Boolean)).toEqual([]);
  });
});
