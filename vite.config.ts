/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/shared/web-manifest';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiUrl = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  // Vite wants index.html in its root; the top level has none (stack notes).
  root: here('src'),
  publicDir: here('public'),
  build: { outDir: here('dist'), emptyOutDir: true },
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()) },
  plugins: [
    // Must come before react() (stack notes).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
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
