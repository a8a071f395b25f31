/**
 * The Content-Security-Policy as an HTTP header, for static hosts. A
 * `<meta http-equiv>` policy binds the page but not its workers (a worker
 * takes the policy of its own script's response), and it cannot set
 * `frame-ancestors`; a header on every file fixes both. The build writes two
 * files next to index.html with the same policy as the meta tag:
 *   - `_headers` (Netlify and Cloudflare Pages read it);
 *   - `nginx-headers.conf` (an nginx snippet: `include` it in the app's
 *     `location` block).
 * Pure: runs in Node at build time.
 */

/** Headers sent with every file of the app besides the policy. */
export const EXTRA_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The policy of the meta tag plus `frame-ancestors 'none'`, which only a
 * header can carry.
 *
 * @example headerCsp(buildCsp()); // "default-src 'self'; …; frame-ancestors 'none'"
 */
export function headerCsp(metaCsp: string): string {
  return `${metaCsp}; frame-ancestors 'none'`;
}

/**
 * `_headers` text for Netlify / Cloudflare Pages: one rule for every path.
 *
 * @example netlifyHeaders(buildCsp()).split('\n')[0]; // '/*'
 */
export function netlifyHeaders(metaCsp: string): string {
  const lines = [`  Content-Security-Policy: ${headerCsp(metaCsp)}`, ...Object.entries(EXTRA_HEADERS).map(([k, v]) => `  ${k}: ${v}`)];
  return ['/*', ...lines, ''].join('\n');
}

/**
 * An nginx snippet with the same headers (`always`, so error pages carry them
 * too) and the wasm MIME type streaming compilation needs.
 *
 * @example nginxHeaders(buildCsp()).includes('add_header Content-Security-Policy'); // true
 */
export function nginxHeaders(metaCsp: string): string {
  return [
    '# Confide: include this inside the location block that serves the built app (dist/).',
    `add_header Content-Security-Policy "${headerCsp(metaCsp)}" always;`,
    ...Object.entries(EXTRA_HEADERS).map(([k, v]) => `add_header ${k} "${v}" always;`),
    'types { application/wasm wasm; }',
    '',
  ].join('\n');
}
