#!/usr/bin/env node
/**
 * Builds everything the Rust binary embeds from `ui/` (called by build.rs, or by hand:
 * `node ssr-bundle/build.mjs --out <dir>`):
 *
 *   <out>/server.js            one IIFE for the embedded engine (production React, polyfills)
 *   <out>/public/assets/*      client ESM chunks and the Tailwind CSS, content-hashed, each with
 *                              `.gz` and `.br` siblings so the server never compresses at runtime
 *   <out>/manifest.json        entry script, its static imports, the printouts' print script, CSS,
 *                              and each page's chunk
 *   <out>/routes.json          the route table, for the Rust matcher
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const ui = join(root, 'ui');
const uiModules = join(ui, 'node_modules');
const requireFromUi = createRequire(join(ui, 'package.json'));
const esbuild = requireFromUi('esbuild');

const outArg = process.argv.indexOf('--out');
const out = resolve(outArg > 0 ? process.argv[outArg + 1] : join(root, 'target', 'ui'));
const assetsDir = join(out, 'public', 'assets');
rmSync(out, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });

const production = { 'process.env.NODE_ENV': '"production"' };
/** react-router's package exports point at its development build; use the production one. */
const alias = {
  'react-router/dom': join(uiModules, 'react-router/dist/production/dom-export.mjs'),
  'react-router': join(uiModules, 'react-router/dist/production/index.mjs'),
};
const common = {
  absWorkingDir: root,
  bundle: true,
  define: production,
  jsx: 'automatic',
  nodePaths: [uiModules],
  logLevel: 'warning',
  legalComments: 'none',
};

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 10).toUpperCase();

async function buildRouteTable() {
  const result = await esbuild.build({
    ...common,
    entryPoints: [join(ui, 'src/route-table.ts')],
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const tmp = join(out, 'route-table.mjs');
  writeFileSync(tmp, result.outputFiles[0].contents);
  const { routeTable } = await import(pathToFileURL(tmp).href);
  rmSync(tmp);
  writeFileSync(join(out, 'routes.json'), JSON.stringify(routeTable, null, 1));
  // Every route id, one per line in table order: build.rs makes the server's `RouteId` of them.
  const ids = [];
  const collect = (routes) => routes.forEach((r) => { ids.push(r.id); collect(r.children ?? []); });
  collect(routeTable);
  writeFileSync(join(out, 'route-ids.txt'), ids.map((id) => `${id}\n`).join(''));
  return routeTable;
}

async function buildServer() {
  await esbuild.build({
    ...common,
    entryPoints: [join(here, 'src/entry.server.tsx')],
    outfile: join(out, 'server.js'),
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    alias: {
      ...alias,
      'react-dom-server-legacy': join(uiModules, 'react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    },
  });
}

async function buildClient() {
  const result = await esbuild.build({
    ...common,
    entryPoints: [join(ui, 'src/entry.client.tsx'), join(ui, 'src/print.ts')],
    outdir: assetsDir,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2020',
    minify: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    alias,
  });
  return result.metafile;
}

function buildCss() {
  const cli = join(uiModules, '@tailwindcss/cli/dist/index.mjs');
  const tmp = join(out, 'app.css');
  execFileSync(process.execPath, [cli, '-i', join(ui, 'src/styles/app.css'), '-o', tmp, '--minify'], {
    cwd: ui,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const css = readFileSync(tmp);
  rmSync(tmp);
  const name = `app-${hash(css)}.css`;
  writeFileSync(join(assetsDir, name), css);
  return `assets/${name}`;
}

/** Manifest paths are relative to the public root (`assets/…`), as the server serves them. */
function makeManifest(metafile, css) {
  const publicPath = (file) => relative(join(out, 'public'), join(root, file));
  const chunks = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    chunks[file] = {
      file: publicPath(file),
      entryPoint: output.entryPoint,
      imports: output.imports.filter((i) => i.kind === 'import-statement').map((i) => publicPath(i.path)),
    };
  }
  const list = Object.values(chunks);
  const entry = list.find((c) => c.entryPoint?.endsWith('entry.client.tsx'));
  const print = list.find((c) => c.entryPoint?.endsWith('src/print.ts'));
  const pages = {};
  for (const chunk of list) {
    const m = chunk.entryPoint && /^ui\/src\/(features\/[^/]+\/pages\/.+)\.tsx$/.exec(chunk.entryPoint);
    if (m) pages[m[1]] = { file: chunk.file, imports: chunk.imports };
  }
  return { entry: { file: entry.file, imports: entry.imports }, print: { file: print.file, imports: print.imports }, css: [css], pages };
}

function precompress() {
  for (const name of readdirSync(assetsDir)) {
    const path = join(assetsDir, name);
    const bytes = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

const started = Date.now();
await buildRouteTable();
const [, metafile] = await Promise.all([buildServer(), buildClient()]);
const css = buildCss();
writeFileSync(join(out, 'manifest.json'), JSON.stringify(makeManifest(metafile, css), null, 1));
precompress();
console.log(`interfaz construida en ${Date.now() - started} ms → ${out}`);
