import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** manifest.webmanifest at the root is the one source; the plugin writes it into dist. */
const manifest = JSON.parse(
  readFileSync('manifest.webmanifest', 'utf8'),
) as Partial<ManifestOptions>;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // A new version waits for the user's Reload (src/features/pwa registers it).
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: {
        // The shell without index.html (see sw/sw.ts for why); the manifest and its icons are
        // added by the plugin (includeManifestIcons). Source maps stay out of the cache.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['index.html'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip twins of every text asset, made once at build time at the highest levels,
    // so the server sends them as they are (server/http/spa.ts) and never compresses per request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  define: {
    // Busts the persisted query cache when a new build ships (src/lib/query-persistence.ts).
    __BUILD_ID__: JSON.stringify(new Date().toISOString()),
  },
  // Per-checkout cache: several work trees may share one node_modules.
  cacheDir: '.vite',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the chunk graph that scripts/check-bundle-size.ts walks per route.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks keep the service
        // worker's precache update small when only our code changes.
        codeSplitting: {
          groups: [
            // zod with its configuration, so that zod-config.ts runs when zod first loads, before
            // any chunk that builds schemas (see the module).
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
            },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The router and the query cache: every screen needs them. The table library stays out:
            // only the lazy admin screens use it.
            {
              name: 'tanstack',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query|query-persist-client-core|query-sync-storage-persister|react-query-persist-client)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
      '/socket.io': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
