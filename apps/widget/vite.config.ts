import { defineConfig } from 'vite';

// One self-contained IIFE: the server prepends `window.__PROSA_WEBCHAT__={code}` and serves it as
// /webchat/<code>.js on customer sites, or `window.__PROSA_NEWCHAT__={code}` as NewChat's full page
// (/newchat/<code>/app.js), so no CSS files, chunks or public assets.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    cssCodeSplit: false,
    lib: {
      entry: 'src/main.ts',
      name: 'ProsaWebchat',
      formats: ['iife'],
      fileName: () => 'prosa-webchat.js',
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
