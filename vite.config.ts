/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { checkChunkPlan, chunkGroups } from './src/build/chunk-plan';
import { clientEndpoints } from './src/build/client-endpoints';
import { pureValibotCalls } from './src/build/pure-valibot-calls';
import { webManifest } from './src/shared/web-manifest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const top = here('.');
const apiUrl = process.env.API_URL ?? 'http://localhost:8080';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the server
 * sends to browsers that accept them (@fastify/static preCompressed): a third of the bytes to download.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest)$/.test(fileName)) continue;
        const content = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
        if (bytes.length < 1024) continue;
        const file = join(options.dir!, fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The app shell paints before the app runs (src/boot.ts): the build makes boot.ts an entry of its own,
 * the page's only script tag, and leaves the app's address in a data attribute for boot.ts, which
 * imports the app once the shell is on screen.
 */
function bootBeforeApp(): Plugin {
  return {
    name: 'boot-before-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        const appTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!boot || !appTag.test(html))
          throw new Error('boot-before-app: no boot chunk or app script');
        return html.replace(
          appTag,
          `<script type="module" crossorigin src="/${boot.fileName}" data-app="$1"></script>`,
        );
      },
    },
  };
}

/**
 * Vite's helper for dynamic imports (it loads each lazy chunk's stylesheets before running it, and
 * preloads its imports) replaced by a smaller one that only loads the stylesheets: with
 * build.modulePreload off that is all the helper does, and Vite's version of it was 0.65 kB gzip in
 * every first load. A stylesheet already in the page (index.html's) is not added twice: a second
 * copy would come last and override the lazy chunks' rules.
 */
function lazyStylesheets(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  let base = '/';
  let replaced = false;
  return {
    name: 'lazy-stylesheets',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      // With preloading on, the helper would also get the lazy chunks' imports (scripts) to load.
      if (config.build.modulePreload !== false)
        throw new Error('lazy-stylesheets: needs build.modulePreload: false');
      base = config.base;
    },
    resolveId(id) {
      return id === helperId ? id : null;
    },
    load(id) {
      if (id !== helperId) return null;
      replaced = true;
      return `const loading = {};
export const __vitePreload = (load, stylesheets) =>
  Promise.all(
    (stylesheets ?? []).map((file) => {
      const href = ${JSON.stringify(base)} + file;
      if (document.querySelector('link[href="' + href + '"]')) return undefined;
      return (loading[href] ??= new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = resolve;
        link.onerror = () => {
          delete loading[href];
          link.remove();
          reject(new Error('Unable to load ' + href));
        };
        document.head.append(link);
      }));
    }),
  ).then(load);`;
    },
    buildEnd(error) {
      // A Vite version that names its helper differently would silently ship its own again.
      if (!error && !replaced) this.error(`lazy-stylesheets: Vite did not ask for ${helperId}`);
    },
  };
}

export default defineConfig({
  // Vite wants index.html in its root; the top level has none (stack notes).
  root: here('src'),
  publicDir: here('public'),
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // No preload lists for lazy chunks' imports: the first screens' chunks import only the app chunk,
    // loaded already, and the lists cost 0.45 kB gzip in every first load; other screens' chunks come
    // from the worker's precache after the first visit.
    modulePreload: false,
    rolldownOptions: {
      input: { index: here('src/index.html'), boot: here('src/boot.ts') },
      output: {
        // Lazy chunks and assets by bare hashes: the app chunk lists every lazy chunk and stylesheet.
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        // Which modules share a file: src/build/chunk-plan.ts.
        codeSplitting: { groups: chunkGroups(top) },
      },
    },
  },
  // The build time in base 36 (8 characters): the first load carries it twice, and every byte counts.
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)) },
  plugins: [
    // Must come before react() (stack notes).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes with its component: the first-load chunk then holds neither the
      // loaders of other screens nor the API calls and response schemas they bring along.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        // Except the dashboard's: its campaigns are asked for as soon as the session is known, while
        // its code still loads.
        splitBehavior: ({ routeId }) =>
          routeId === '/_app/dashboard'
            ? [['component'], ['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
      routesDirectory: here('src/routes'),
      generatedRouteTree: here('src/routeTree.gen.ts'),
    }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: webManifest,
      injectManifest: {
        // The plugin adds manifest.webmanifest itself; install-dialog screenshots are fetched online.
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        globIgnores: ['screenshots/**'],
      },
    }),
    clientEndpoints(),
    pureValibotCalls(),
    lazyStylesheets(),
    bootBeforeApp(),
    checkChunkPlan(top),
    precompress(),
  ],
  // `@/…` is src/ (tsconfig.json paths): client code and tests import across folders by it.
  resolve: { alias: { '@': here('src') } },
  server: {
    proxy: { '/api': apiUrl, '/avatars': apiUrl },
  },
  test: {
    root: here('.'),
    include: ['tests/{unit,integration,reliability}/**/*.test.{ts,tsx}'],
    setupFiles: [here('tests/helpers/setup.ts')],
    globalSetup: [here('tests/helpers/global-setup.ts')],
    reporters: ['default', here('tests/helpers/optional-passes.ts')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on two cores (its default is one worker fewer than the cores),
    // yet most files wait on PostgreSQL, child processes and timers: two at a time shortens the unit
    // phase of CI (about 1,000 s -> 410-460 s). Every file has its own databases, ports and Redis key
    // prefix, and waits for what other work can delay (no test reads an answer that is still on its way).
    maxWorkers: 2,
  },
});
