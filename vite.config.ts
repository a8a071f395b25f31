import { defineConfig } from 'vite';

/**
 * The app is a static site: `base: './'` makes every emitted URL relative, so
 * `dist/` works from any host and any sub-path. Workers are ES modules (sql.js
 * and onnxruntime-web are loaded from inside them).
 */
export default defineConfig({
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 8000,
  },
  optimizeDeps: { exclude: ['onnxruntime-web', 'sql.js'] },
  server: { port: 5173, strictPort: false },
});
