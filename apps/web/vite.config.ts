import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server of `npm run dev` (apps/server) listens here.
const API_TARGET = 'http://localhost:3000';

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
  },
});
