import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { keysFrom } from './protocol/keys.ts';
import { precompress } from './scripts/precompress.ts';
import { routePreload } from './scripts/route-preload.ts';

const keys = keysFrom(process.env);
const THEME = '#0f0f14';
/** Code that several pages share: components, helpers, and the features' API and components. */
const SHARED_CODE = /\/src\/(components|lib|features\/[^/]+\/(api|components))\/(?!.*(carousel|share-dialog|login-popup))/;

export default defineConfig({
  // The service worker build of vite-plugin-pwa inherits this `define`, so sw.js gets the keys too.
  define: {
    __MD_KEYS__: JSON.stringify(keys),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/route-tree.gen.ts' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/lib/sw-register.ts registers the worker with workbox-window.
      injectRegister: false,
      // public/icons is already matched by globPatterns; listing the manifest icons again would duplicate them.
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: module service workers are missing from older Safari and Firefox.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The player is lazy, video-page only and useless offline (streams come from the network);
        // precaching it would make every install download it.
        globIgnores: ['**/shaka-player*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        name: 'MD 视频',
        short_name: 'MD',
        lang: 'zh-CN',
        dir: 'ltr',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME,
        background_color: THEME,
        start_url: '/',
        scope: '/',
        id: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    routePreload(),
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The split shared chunks are named after every page that uses them; the hash alone tells them apart.
        chunkFileNames: (chunk) => (chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js'),
        assetFileNames: (asset) => (asset.names.some((n) => n.startsWith('shared~')) ? 'assets/shared-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        codeSplitting: {
          groups: [
            // What the entry needs before any page (the shell, the session, the stores): one chunk
            // beside the entry's own (React, the router, the query client), fetched in parallel.
            { name: 'app', test: SHARED_CODE, tags: ['$initial'], priority: 1 },
            // What eight or more of the 28 pages use: one chunk. Split by page set like the rest, it
            // was dozens of chunks of a few hundred bytes (46 requests for the video page, queued on
            // HTTP/1.1's six connections with the first API calls behind them); as one it is 35
            // requests for the same bytes. Fewer users than eight and it adds bytes to home.
            { name: 'common', test: SHARED_CODE, minShareCount: 8 },
            // The rest of the shared code, split by the set of pages that use it, so that a page
            // loads only what it uses: a single shared chunk made home load Dexie, the QR encoder
            // and the comments (234 KB gzip of script for home; 183 KB with this split).
            { name: 'shared', test: SHARED_CODE, minShareCount: 2, entriesAware: true },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
});
