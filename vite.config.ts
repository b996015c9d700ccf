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
import { webManifest } from './src/shared/web-manifest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
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

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
};
const initialModules = new WeakMap<ModuleGraph, Map<string, boolean>>();

/** Whether the app's entry (index.html) imports `id`, directly or through static imports. */
function isInitial(id: string, graph: ModuleGraph): boolean {
  let known = initialModules.get(graph);
  if (!known) initialModules.set(graph, (known = new Map()));
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  known.set(id, false); // import cycles
  const info = graph.getModuleInfo(id);
  const initial =
    !!info &&
    ((info.isEntry && id.endsWith('index.html')) ||
      info.importers.some((importer) => isInitial(importer, graph)));
  known.set(id, initial);
  return initial;
}

/** The boot script and the shell it shows: it runs first, alone (src/boot.ts). */
const BOOT = /[\\/]src[\\/](boot|features[\\/]shell[\\/]static-shell)\.ts$/;
/** What both first screens (sign-in and the dashboard) use beside the app's own code. */
const FIRST_SCREENS =
  /[\\/](src[\\/](ui[\\/](alert|button|icons)|lib[\\/]use-document-title)\.|node_modules[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]mutationObserver|react-query[\\/]build[\\/]modern[\\/]useMutation)\.)/;

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
        codeSplitting: {
          groups: [
            // What every first load needs (React, the router, the query client, the API client) and
            // what both first screens share, in one file instead of a dozen small ones: each file is a
            // request and a compressed stream of its own.
            {
              name: (id, graph) =>
                !BOOT.test(id) && (FIRST_SCREENS.test(id) || isInitial(id, graph)) ? 'app' : null,
              priority: 4,
            },
            // The code of the two first screens, sign-in and (signed in) the dashboard in its shell,
            // one file each (one stylesheet each) instead of half a dozen small ones; with them the
            // UI parts their sibling screens share (every public page sits in the sign-in card, every
            // signed-in page in the shell).
            {
              name: 'sign-in',
              test: /[\\/]src[\\/](routes[\\/]_public(\.tsx|[\\/]login[\\/]index\.tsx)|features[\\/]auth[\\/](components[\\/](auth-layout|login-form|register-link)|api[\\/]login\.ts)|ui[\\/]field)/,
              priority: 2,
            },
            {
              name: 'app-shell',
              test: /[\\/]src[\\/](routes[\\/]_app(\.tsx|[\\/]dashboard\.tsx)|features[\\/](shell[\\/]components|dashboard|notifications[\\/](api[\\/](get-unread|notifications-query-key)|components[\\/]unread)|auth[\\/]api[\\/]logout|campaigns[\\/](api[\\/]get-campaigns|campaign-list|components[\\/](select-filter|avatar|status-badge|use-partner|campaigns\.css)))|shared[\\/]contract[\\/](campaign|unread-count)\.ts|ui[\\/]card|lib[\\/]format)/,
              priority: 2,
            },
            // Small pieces the other route chunks share (UI parts, query hooks) in one file; the heavy
            // libraries of single screens (dialogs, chart, QR code, chain client) and the pager of the
            // list screens stay apart.
            {
              name: 'shared',
              test: /[\\/](src[\\/](ui[\\/](?!dialog|pager)|lib)|node_modules[\\/](@tanstack|react[\\/]|react-dom))/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()) },
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
    lazyStylesheets(),
    bootBeforeApp(),
    precompress(),
  ],
  server: {
    proxy: { '/api': apiUrl, '/avatars': apiUrl },
  },
  test: {
    root: here('.'),
    include: ['tests/{unit,integration,reliability}/**/*.test.{ts,tsx}'],
    setupFiles: [here('tests/helpers/setup.ts')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
