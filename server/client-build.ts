// Builds the browser client (vite build → dist/) when dist/ is missing or older than its sources,
// so `npm start` always serves the current UI.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose files end up in the client bundle. */
const SOURCE_DIRS = ['src', 'machines', 'web'];
const SOURCE_FILES = ['vite.config.ts', 'package.json'];
const MAX_FILES_SCANNED = 20_000;

/** Newest modification time (ms) among the client's sources, scanning at most a bounded number of files. */
export function newestSourceTime(projectRoot: string): number {
  let newest = 0;
  let scanned = 0;
  const visit = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (scanned >= MAX_FILES_SCANNED) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) {
        scanned += 1;
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of SOURCE_DIRS) visit(join(projectRoot, dir));
  for (const file of SOURCE_FILES) {
    const path = join(projectRoot, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export type ClientState = 'no-sources' | 'missing' | 'stale' | 'fresh';

export function clientState(projectRoot: string, distDir: string): ClientState {
  if (!existsSync(join(projectRoot, 'web', 'app', 'index.html'))) return 'no-sources';
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return 'missing';
  return statSync(index).mtimeMs < newestSourceTime(projectRoot) ? 'stale' : 'fresh';
}

/** Runs `vite build` in the project; resolves true when it succeeded. */
export function buildClient(projectRoot: string): Promise<boolean> {
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: projectRoot, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
