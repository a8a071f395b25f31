import { defineConfig, loadEnv, type Plugin } from 'vite';
import { buildCsp, PAGE_POLICY_SCRIPT, pagePolicyScript } from './src/app/csp.ts';
import { netlifyHeaders, nginxHeaders } from './src/app/deploy-headers.ts';

/**
 * Puts the script that writes the page's Content-Security-Policy (src/app/csp.ts:
 * the build's model hosts, or the one the person set in the page) first in
 * <head> of the built page, and writes the build's policy as HTTP header files
 * for static hosts (`_headers`, `nginx-headers.conf`; src/app/deploy-headers.ts).
 * The dev server is left without one (its hot reload needs a websocket and
 * inline updates).
 */
function contentSecurityPolicy(modelBase: string | undefined): Plugin {
  return {
    name: 'confide-csp',
    apply: 'build',
    generateBundle() {
      const csp = buildCsp({ modelBase });
      this.emitFile({ type: 'asset', fileName: PAGE_POLICY_SCRIPT, source: pagePolicyScript(modelBase) });
      this.emitFile({ type: 'asset', fileName: '_headers', source: netlifyHeaders(csp) });
      this.emitFile({ type: 'asset', fileName: 'nginx-headers.conf', source: nginxHeaders(csp) });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: `./${PAGE_POLICY_SCRIPT}` }, injectTo: 'head-prepend' }],
    },
  };
}

/**
 * The app is a static site: `base: './'` makes every emitted URL relative, so
 * `dist/` works from any host and any sub-path. Workers are ES modules (sql.js
 * and onnxruntime-web are loaded from inside them). `VITE_CONFIDE_MODEL_BASE`
 * (environment or .env) names where model files come from, and the CSP allows
 * exactly that host.
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const modelBase = process.env.VITE_CONFIDE_MODEL_BASE ?? env.VITE_CONFIDE_MODEL_BASE;
  return {
    base: './',
    worker: { format: 'es' },
    plugins: [contentSecurityPolicy(modelBase)],
    build: {
      target: 'es2022',
      sourcemap: true,
      assetsInlineLimit: 0,
      chunkSizeWarningLimit: 8000,
    },
    optimizeDeps: { exclude: ['onnxruntime-web'] },
    server: { port: 5173, strictPort: false },
  };
});
