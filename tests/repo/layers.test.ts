// The layer rules (docs/architecture.md, "Layers") are Biome rules in biome.json that `npm test` runs on the whole
// repository. Here the same configuration lints a small planted tree, so a rule that stopped matching fails a test.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** Planted files: path → the module it imports. */
const WRONG: Record<string, string> = {
  'src/protocol/to-web.ts': "'../../web/ui/App'",
  'src/scoreboard/to-machines.ts': "'../../machines/m'",
  'src/net/to-server.ts': "'../../server/s'",
  'src/domain/to-react.ts': "'react'",
  'machines/to-web.ts': "'../web/ui/App'",
  'machines/to-node.ts': "'node:fs'",
  'web/ui/to-server.ts': "'../../server/s'",
  'web/ui/to-sim.ts': "'../../sim/w'",
  'server/to-client-account.ts': "'../src/account/client'",
  'server/to-machines.ts': "'../machines/m'",
  'server/to-web.ts': "'../web/ui/App'",
  'sim/to-server.ts': "'../server/s'",
  'cli/to-web.ts': "'../web/ui/App'",
  'bench/to-web.ts': "'../web/ui/App'",
};
const ALLOWED: Record<string, string> = {
  'web/ui/ok-machines.ts': "'../../machines/m'",
  'web/ui/ok-core.ts': "'../../src/account/client'",
  'machines/ok-core.ts': "'../src/protocol/p'",
  'server/ok-wire.ts': "'../src/wire/account'",
  'server/ok-sim.ts': "'../sim/w'",
  'cli/ok-machines.ts': "'../machines/m'",
  'src/scoreboard/ok-protocol.ts': "'../protocol/p'",
};
const TARGETS = [
  'web/ui/App.ts',
  'machines/m.ts',
  'server/s.ts',
  'sim/w.ts',
  'src/account/client.ts',
  'src/protocol/p.ts',
  'src/wire/account.ts',
];

let dir = '';
let report = '';

function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'layers-'));
  copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  for (const path of TARGETS) write(path, 'export const App = 1, m = 1, s = 1, w = 1, c = 1, p = 1;\n');
  for (const [path, specifier] of Object.entries({ ...WRONG, ...ALLOWED }))
    write(path, `import * as imported from ${specifier};\nexport const used = imported;\n`);
  write('src/domain/cycle-a.ts', "import { b } from './cycle-b';\nexport const a = (): number => b();\n");
  write('src/domain/cycle-b.ts', "import { a } from './cycle-a';\nexport const b = (): number => a();\n");
  try {
    execFileSync(BIOME, ['lint', '--max-diagnostics=none', '--config-path', join(dir, 'biome.json'), '.'], {
      cwd: dir,
      stdio: 'pipe',
    });
  } catch (error) {
    const failed = error as { stdout: Buffer; stderr: Buffer };
    report = `${failed.stdout}${failed.stderr}`;
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rule names Biome reported for one planted file. */
function rulesFor(path: string): string[] {
  const rules = new Set<string>();
  for (const match of report.matchAll(/^(\S+):\d+:\d+ lint\/(\w+)\/(\w+)/gm))
    if (match[1] === path) rules.add(match[3]);
  return [...rules];
}

describe('layer rules', () => {
  it.each(Object.keys(WRONG))('a wrong import fails the lint: %s', (path) => {
    expect(rulesFor(path)).toContain('noRestrictedImports');
  });

  it.each(Object.keys(ALLOWED))('an import along the arrows passes: %s', (path) => {
    expect(rulesFor(path)).toEqual([]);
  });

  it('an import cycle fails the lint', () => {
    expect(rulesFor('src/domain/cycle-a.ts')).toContain('noImportCycles');
  });
});
