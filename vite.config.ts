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

export default defineConfig({
  // Vite wants index.html in its root; the top level has none (stack notes).
  root: here('src'),
  publicDir: here('public'),
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // Every browser the app supports (it needs service workers and ES modules) preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: here('src/index.html'), boot: here('src/boot.ts') },
      output: {
        codeSplitting: {
          groups: [
            // What every first load needs (React, the router, the query client, the API client) in
            // one file instead of a dozen small ones, each a request of its own.
            // The boot script (src/boot.ts and the shell it shows) stays apart: it runs first, alone.
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) =>
                !/[\\/]src[\\/](boot|features[\\/]shell[\\/]static-shell)\.ts$/.test(id),
              priority: 4,
            },
            // What both first screens (sign-in and the dashboard) use beside the app's own code.
            {
              name: 'first-screens',
              test: /[\\/](src[\\/](ui[\\/](alert|button|icons)|lib[\\/]use-document-title|shared[\\/]constants)\.|node_modules[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]mutationObserver|react-query[\\/]build[\\/]modern[\\/]useMutation)\.)/,
              priority: 3,
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
              test: /[\\/]src[\\/](routes[\\/]_app(\.tsx|[\\/]dashboard\.tsx)|features[\\/](shell[\\/]components|offline[\\/]components[\\/]offline-banner|dashboard|notifications[\\/](api[\\/](get-unread|notifications-query-key)|components[\\/]unread)|auth[\\/]api[\\/]logout|campaigns[\\/](api[\\/]get-campaigns|campaign-list|components[\\/](select-filter|avatar|status-badge|use-partner|campaigns\.css)))|shared[\\/]contract[\\/](campaign|unread-count)\.ts|ui[\\/]card|lib[\\/]format)/,
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
