import { defineConfig } from 'vite';

// The multichannel widget: one self-contained IIFE next to the web chat's. The server prepends
// `window.__PROSA_MULTICHANNEL__={hash}` and serves it as /multichannel/<hash>.js on customer sites.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    // Built after the web chat bundle, into the same folder: keep it.
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    cssCodeSplit: false,
    lib: {
      entry: 'src/multichannel/main.ts',
      name: 'ProsaMultichannel',
      formats: ['iife'],
      fileName: () => 'prosa-multichannel.js',
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
