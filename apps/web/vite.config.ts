import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server of `npm run dev` (apps/server) listens here.
const API_TARGET = 'http://localhost:3000';

/**
 * Vendor chunks: each changes with its own upgrade, so a deploy of our code keeps them cached, and the
 * flow editor's and the charts' libraries load only with their screens. First match wins; packages not
 * listed go where Rollup puts them, split by the screens that use them. Mantine is not grouped: one
 * chunk would hold every component any screen uses (date pickers, number inputs…) and the chat would
 * load 25 kB gzip more (measured 2026-11-26).
 */
// @mantine/charts is not in the charts chunk (it would pull @mantine/core in with it), and the small packages
// recharts shares with Mantine and React (clsx, react-is, use-sync-external-store) go with React, or the chat
// would load the charts chunk for them.
const VENDOR_CHUNKS: readonly (readonly [chunk: string, packages: RegExp])[] = [
  [
    'react',
    /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|react-is|use-sync-external-store|clsx)\//,
  ],
  [
    'charts',
    /\/node_modules\/(recharts|victory-vendor|d3-(scale|shape|array|path|format|time|time-format)|@reduxjs\/toolkit|react-redux|redux|immer|reselect|decimal\.js-light)\//,
  ],
  ['query', /\/node_modules\/@tanstack\//],
  ['dayjs', /\/node_modules\/dayjs\//],
  ['zod', /\/node_modules\/zod\//],
  [
    'socket-io',
    /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io\/component-emitter|debug|ms)\//,
  ],
  // d3-color and d3-interpolate are left out: charts use them too.
  [
    'xyflow',
    /\/node_modules\/(@xyflow\/[^/]+|d3-(drag|selection|zoom|dispatch|timer|ease|transition)|zustand|classcat)\//,
  ],
];

function vendorChunk(id: string): string | undefined {
  return VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0];
}

// Vite requires a default export for its config file.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json maps every screen to its chunks (bench/web-bundle.ts reads it).
    manifest: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
