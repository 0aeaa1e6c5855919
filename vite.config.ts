import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// With extensions: Vite's coming native config loader resolves no extensionless import.
import { bootScript } from './scripts/vite-boot-script.ts';
import { initialChunk } from './scripts/vite-initial-chunk.ts';
import { filerobotReactImport } from './scripts/vite-react-global.ts';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));
const alias = [
  { find: '@shared', replacement: sharedDir },
  // React 19 has useSyncExternalStore built in; the shim (for React 16 and 17) need not load.
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fileURLToPath(new URL('./client/src/lib/react-sync-external-store.ts', import.meta.url)),
  },
];
// Client unit tests that need a module registry of their own (vi.mock, module-level clocks or i18next).
const clientIsolated = [
  'client/src/editor/collab/early-socket.test.ts',
  'client/src/editor/core/emoji-font-watch.test.ts',
  'client/src/editor/core/defer-plugin-view.test.ts',
  'client/src/features/export/export-download.test.ts',
  'client/src/features/spell-check/spell-plugin.test.ts',
  'client/src/features/uploads/uploads.test.ts',
  'client/src/features/comments/comments.test.ts',
  'client/src/features/image-edit/image-edit.test.ts',
  'client/src/lib/api-helpers.test.ts',
  'client/src/lib/use-copy-link.test.tsx',
  'client/src/lib/api-client.test.ts',
  'client/src/lib/my-documents.test.ts',
  'client/src/i18n/register-english.test.ts',
  'client/src/features/link/link-autolink-lazy.test.ts',
  'client/src/editor/collab/awareness-guard.test.ts',
];
const serverPort = process.env.TANDEM_DEV_SERVER_PORT ?? '3000';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), bootScript(), initialChunk(), filerobotReactImport()],
  resolve: {
    alias,
    dedupe: ['yjs', 'y-protocols', 'lib0', '@tiptap/y-tiptap', '@tiptap/pm'],
  },
  build: {
    // TANDEM_BUILD_DIR lets parallel checkouts or sessions build without overwriting each other.
    outDir: process.env.TANDEM_BUILD_DIR ?? fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Fonts stay files: the emoji subsets are fetched only when a character needs them, never inlined.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    // The editor page is one chunk on purpose (scripts/vite-initial-chunk.ts), 0.9 MB raw and capped at
    // 300 KiB gzip by `npm run bench:bundle`; the emoji data and the version diff are lazy chunks of
    // 0.5–0.6 MB loaded only when used. Vite's 500 kB warning says nothing about either.
    chunkSizeWarningLimit: 1_000,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/healthz': `http://127.0.0.1:${serverPort}`,
      '/collab': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  test: {
    root: '.',
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'client',
          root: '.',
          environment: 'happy-dom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          exclude: clientIsolated,
          setupFiles: ['client/src/testing/settle-fetches.ts'],
          // One environment and one module graph per worker: importing Tiptap and a fresh DOM for each of
          // 130 files was most of the project's time (156 s against about 50 s without isolation). Files that mock modules or start i18next, the
          // frame clock or the socket layer in a state of their own run isolated below.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client-isolated',
          root: '.',
          environment: 'happy-dom',
          setupFiles: ['client/src/testing/settle-fetches.ts'],
          include: clientIsolated,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'node',
          root: '.',
          environment: 'node',
          // The PostgreSQL store tests share one throwaway cluster, started only when one of them runs.
          globalSetup: ['tests/helpers/postgres-global-setup.ts'],
          isolate: false,
          include: [
            'server/src/**/*.test.ts',
            'shared/src/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/helpers/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          root: '.',
          environment: 'node',
          // Each file starts its own servers; sharing the module graph in a worker saves its import per file.
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The integration suites again on PostgreSQL + Redis (issue 27): each test file's servers keep
          // their documents in a database of their own and share a Redis bus (tests/helpers/pg-redis-setup.ts).
          name: 'integration-pg',
          root: '.',
          environment: 'node',
          // Each file starts its own servers; sharing the module graph in a worker saves its import per file.
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          exclude: [
            // Start their own processes, engines or clusters.
            'tests/integration/collab-crash.test.ts',
            'tests/integration/scale-out*.test.ts',
            'tests/integration/postgres-server.test.ts',
            'tests/integration/postgres-outage.test.ts',
            'tests/integration/redis-bus.test.ts',
            'tests/integration/redis-connection-counter.test.ts',
            // SQLite by design: whole-directory backups (PostgreSQL refuses them, scale-out-ops tests that),
            // the command line on a data directory, and a write lock held on the SQLite file.
            'tests/integration/backup.test.ts',
            'tests/integration/archive.test.ts',
            'tests/integration/collab-storage-failure.test.ts',
            // Nothing in them depends on the engine (request checks, headers, rendering): once is enough.
            'tests/integration/cors.test.ts',
            'tests/integration/security-headers.test.ts',
            'tests/integration/errors-contract.test.ts',
            'tests/integration/uploads-refusals.test.ts',
            'tests/integration/uploads-fetch.test.ts',
            'tests/integration/download-names.test.ts',
            'tests/integration/export-binary.test.ts',
            'tests/integration/snapshot-sanitizer.test.ts',
          ],
          globalSetup: ['tests/helpers/postgres-global-setup.ts'],
          setupFiles: ['tests/helpers/pg-redis-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The suites that store, serve, list, export, archive or delete upload blobs, again on
          // S3-compatible storage: a real s3rver per test file (tests/helpers/s3-setup.ts).
          name: 'integration-s3',
          root: '.',
          environment: 'node',
          // Each file starts its own servers; sharing the module graph in a worker saves its import per file.
          isolate: false,
          include: [
            'tests/integration/uploads-*.test.ts',
            'tests/integration/serve-uploads.test.ts',
            'tests/integration/image-manager.test.ts',
            'tests/integration/files-manager.test.ts',
            'tests/integration/media-delete-live.test.ts',
            'tests/integration/download-names.test.ts',
            'tests/integration/export-binary.test.ts',
            'tests/integration/archive.test.ts',
            'tests/integration/backup.test.ts',
          ],
          // Already on S3 in the integration project, against its own s3rver.
          exclude: ['tests/integration/uploads-s3-provider.test.ts'],
          setupFiles: ['tests/helpers/s3-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
