import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const BUILD_ISO = JSON.stringify(new Date().toISOString());

/**
 * main: the Electron entry, the bundled CLI (out/main/cli.js, the same service without Electron; what `npm run bench`
 * measures) and the worker threads, with the dependencies left to node_modules and what a shop may never use (the
 * CLI's other commands, the fleet connection) in chunks loaded on first use;
 * preload: CommonJS, as sandboxed preloads require; renderer: the React window, also served by the service at `/`.
 */
export default defineConfig({
  main: {
    define: { __TICKETERA_BUILD_ISO__: BUILD_ISO },
    build: {
      rolldownOptions: {
        input: {
          index: path.resolve(__dirname, 'src/main/index.ts'),
          cli: path.resolve(__dirname, 'src/main/cli/index.ts'),
          // Their own files: worker threads load them next to the bundle (see services/threads/start-worker.ts).
          'encode-worker': path.resolve(__dirname, 'src/main/services/encoding/offthread/encode-worker.ts'),
          'checkpoint-worker': path.resolve(__dirname, 'src/main/services/journal/checkpoint-worker.ts'),
          'answer-read-worker': path.resolve(__dirname, 'src/main/services/http/answer-read-worker.ts'),
          'winspool-worker': path.resolve(__dirname, 'src/main/platform/winspool/worker/winspool-worker.ts'),
        },
        output: {
          // V8 pre-parses each file it loads, keeps its source, and keeps it as two-byte text if one character is
          // past Latin-1: without whitespace and comments, in ASCII, the service idles ~1.5-2 MB lower (npm run bench).
          // Names are kept (no mangling) so a stack trace in a shop's log still reads.
          minify: { compress: { keepNames: { function: true, class: true } }, mangle: false, codegen: { removeWhitespace: true, asciiOnly: true } },
          comments: { legal: false, annotation: false, jsdoc: false },
        },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: path.resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: path.resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      // Also served to browsers over the shop's network as the dashboard.
      minify: true,
      // One bundle on purpose: it is read from disk or the local network, never over the internet, so splitting
      // it would add requests without saving time. The warning's 500 kB is meant for web sites.
      chunkSizeWarningLimit: 2_500,
      rolldownOptions: { input: { index: path.resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
