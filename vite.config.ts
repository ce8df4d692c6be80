import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FLAG_CODE_BY_COUNTRY_ID, FLAG_PATH } from './web/ui/common/flags';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

// The built files in .br (quality 11) and .gz (level 9) beside each text file of 1 KB or more, so the server
// (@fastify/static with preCompressed) sends them without compressing per request. Source maps are left as they are.
function precompress(): Plugin {
  return {
    name: 'kz-scores:precompress',
    apply: 'build',
    async writeBundle(output) {
      const dir = output.dir;
      if (!dir) return;
      const files: string[] = [];
      const visit = (folder: string) => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) visit(path);
          else if (PRECOMPRESSED.test(entry.name) && statSync(path).size >= PRECOMPRESS_MIN_BYTES) files.push(path);
        }
      };
      visit(dir);
      await Promise.all(
        files.map(async (path) => {
          const bytes = readFileSync(path);
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          const [br, gz] = await Promise.all([brotli(bytes, { params }), gzipAsync(bytes, { level: 9 })]);
          if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
          if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}

const FLAG_DIR = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
const FLAG_FILE = /^\/([a-z]{2}(?:-[a-z]{3})?)\.svg$/;

// The flag-icons SVGs of the countries the site knows (web/ui/common/flags.ts), as /flags/<code>.svg: copied into
// the build (and precompressed with it), and served from the package by the development server.
function flags(): Plugin {
  const codes = new Set(FLAG_CODE_BY_COUNTRY_ID.values());
  return {
    name: 'kz-scores:flags',
    generateBundle() {
      for (const code of codes)
        this.emitFile({
          type: 'asset',
          fileName: `${FLAG_PATH.slice(1)}${code}.svg`,
          source: readFileSync(join(FLAG_DIR, `${code}.svg`)),
        });
    },
    configureServer(server) {
      server.middlewares.use(FLAG_PATH, (request, response, next) => {
        const code = FLAG_FILE.exec(request.url ?? '')?.[1];
        if (!code || !codes.has(code)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(readFileSync(join(FLAG_DIR, `${code}.svg`)));
      });
    },
  };
}

// The browser client: built into dist/ and served by the Fastify server (server/).
export default defineConfig({
  plugins: [react(), flags(), precompress()],
  root: 'web/app',
  publicDir: false,
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/47': 'http://127.0.0.1:3000',
      '/v3': 'http://127.0.0.1:3000',
      '/v4': 'http://127.0.0.1:3000',
      '/v5': 'http://127.0.0.1:3000',
    },
  },
});
