/**
 * The Content-Security-Policy the built page carries (vite.config.ts injects
 * it as a `<meta http-equiv>` tag). Network access is limited to the app's
 * own origin plus the configured model host:
 *   - `VITE_CONFIDE_MODEL_BASE` unset: web-llm's upstream hosts (Hugging Face
 *     for weights, including its CDN redirects, and raw.githubusercontent.com
 *     for the model libraries);
 *   - set to a relative path: nothing beyond 'self';
 *   - set to an absolute URL: that origin.
 * Scripts only from 'self', WebAssembly compilation allowed
 * ('wasm-unsafe-eval': sql.js, onnxruntime-web, the model libraries), no
 * plugins, no frames, no form posts. Styles allow 'unsafe-inline' because
 * Observable Plot writes a <style> element into each chart (styles cannot run
 * code). Pure: runs in Node at build time.
 */

/** Hosts web-llm downloads from when no model base is configured. */
export const UPSTREAM_MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'] as const;

/**
 * The hosts besides 'self' that `connect-src` allows for a model base.
 *
 * @example
 * modelHosts(undefined); // the upstream hosts
 * modelHosts('models/'); // []
 * modelHosts('https://cdn.example.org/confide/models/'); // ['https://cdn.example.org']
 */
export function modelHosts(modelBase: string | undefined): string[] {
  const base = modelBase?.trim() ?? '';
  if (base === '') return [...UPSTREAM_MODEL_HOSTS];
  if (!/^[a-z][a-z0-9+.-]*:/i.test(base)) return [];
  const url = new URL(base);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError(`the model base must be an http(s) URL or a relative path, got "${base}"`);
  return [url.origin];
}

/**
 * The policy text.
 *
 * @example buildCsp({ modelBase: 'models/' }); // "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; …"
 */
export function buildCsp(options: { modelBase?: string | undefined; extraConnect?: readonly string[] } = {}): string {
  const connect = ["'self'", ...modelHosts(options.modelBase), ...(options.extraConnect ?? [])];
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}
