/**
 * The Content-Security-Policy of the built page. Network access is limited to
 * the app's own origin plus one model host:
 *   - the model host the person set in the page (remembered in localStorage
 *     under `MODEL_HOST_KEY`), when there is one: that origin only;
 *   - otherwise the build's: `VITE_CONFIDE_MODEL_BASE` unset → web-llm's
 *     upstream hosts (Hugging Face for weights, including its CDN redirects,
 *     and raw.githubusercontent.com for the model libraries); a relative path →
 *     nothing beyond 'self'; an absolute URL → that origin.
 * A static `<meta>` cannot depend on a setting, so the build puts a small
 * script first in `<head>` (`PAGE_POLICY_SCRIPT`, from `pagePolicyScript`)
 * that writes the `<meta http-equiv="Content-Security-Policy">` before
 * anything else loads; the browser enforces a policy from the moment its meta
 * element is inserted. Choosing another host reloads the page, so the policy
 * allows the new host and no longer the old one.
 *
 * The rest: scripts only from 'self', WebAssembly compilation allowed
 * ('wasm-unsafe-eval': sql.js, onnxruntime-web, the model libraries), no
 * plugins, no frames, no form posts. Styles allow 'unsafe-inline' because
 * Observable Plot writes a <style> element into each chart (styles cannot run
 * code). Pure: runs in Node at build time.
 */
import { MODEL_HOST_KEY, checkModelHost } from '../engines/llm/index.ts';

/** Hosts web-llm downloads from when no model base is configured. */
export const UPSTREAM_MODEL_HOSTS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://raw.githubusercontent.com'] as const;

/** The file name of the script that writes the page's policy (next to index.html). */
export const PAGE_POLICY_SCRIPT = 'page-policy.js';

/** Stands for the model hosts in the policy template the script fills in. */
const HOSTS = '{model-hosts}';

/**
 * The hosts besides 'self' that `connect-src` allows for a build-time model base.
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
 * The policy text for the build's model base (or for `connectHosts` when given).
 *
 * @example buildCsp({ modelBase: 'models/' }); // "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; …"
 */
export function buildCsp(options: { modelBase?: string | undefined; extraConnect?: readonly string[]; connectHosts?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connectHosts ?? modelHosts(options.modelBase)), ...(options.extraConnect ?? [])];
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

/** What the page-policy script needs from the page (the real `document` and `localStorage` fit). */
export interface PolicyPage {
  readonly head: { appendChild(node: unknown): unknown };
  createElement(tag: 'meta'): { httpEquiv: string; content: string; setAttribute(name: string, value: string): void };
}

/**
 * Writes the page's policy: the template with the person's model host when a
 * valid one is stored, else with the build's hosts; the meta element carries
 * `data-model-host` (the chosen origin, or '' for the build's). In safe mode
 * (`safe`: the page was opened as `#safe`) the stored host is not read. A
 * host is written only when it is one word of the characters a CSP source
 * may hold, never `;` or `,` (which would start another directive or policy,
 * whatever `check` let through). Uses nothing outside its own body: the
 * build copies its source into the page-policy script.
 *
 * @example installPagePolicy(checkModelHost, MODEL_HOST_KEY, template, ['https://huggingface.co'], document, localStorage, false);
 */
export function installPagePolicy(
  check: typeof checkModelHost,
  key: string,
  template: string,
  builtHosts: readonly string[],
  page: PolicyPage,
  storage: { getItem(key: string): string | null } | undefined,
  safe: boolean,
): void {
  let hosts = builtHosts;
  let chosen = '';
  try {
    const stored = safe ? null : storage?.getItem(key);
    const c = stored ? check(stored) : undefined;
    if (c?.ok === true && /^[A-Za-z0-9+.-]+:\/\/[A-Za-z0-9.\-:[\]]+$/.test(c.origin)) {
      hosts = [c.origin];
      chosen = c.origin;
    }
  } catch {
    // storage unavailable: the build's hosts
  }
  const meta = page.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = template.replace('{model-hosts}', hosts.join(' ')).replace(" 'self' ;", " 'self';");
  meta.setAttribute('data-model-host', chosen);
  page.head.appendChild(meta);
}

/**
 * The page-policy script's text for a build-time model base.
 *
 * @example writeFileSync(join(dist, PAGE_POLICY_SCRIPT), pagePolicyScript(process.env.VITE_CONFIDE_MODEL_BASE));
 */
export function pagePolicyScript(modelBase: string | undefined): string {
  const template = buildCsp({ connectHosts: [HOSTS] });
  const storage = '(function () { try { return window.localStorage; } catch (e) { return undefined; } })()';
  const safe = "(function () { try { return window.location.hash === '#safe'; } catch (e) { return false; } })()";
  return [
    "// Writes this page's Content-Security-Policy before anything else loads (src/app/csp.ts).",
    `(${installPagePolicy.toString()})(${checkModelHost.toString()}, ${JSON.stringify(MODEL_HOST_KEY)}, ${JSON.stringify(template)}, ${JSON.stringify(modelHosts(modelBase))}, document, ${storage}, ${safe});`,
    '',
  ].join('\n');
}

/**
 * The connect-src hosts of the policy in force, and the person's model host
 * when the policy was written for one (read from the page's meta element).
 *
 * @example currentConnectPolicy(document) // { hosts: ['http://127.0.0.1:8080'], chosen: 'http://127.0.0.1:8080' }
 */
export function currentConnectPolicy(doc: {
  querySelector(s: string): { getAttribute(n: string): string | null } | null;
}): { hosts: string[]; chosen: string } | null {
  const meta = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
  const content = meta?.getAttribute('content');
  if (meta === null || meta === undefined || content === null || content === undefined) return null;
  const connect =
    /(?:^|;\s*)connect-src ([^;]*)/
      .exec(content)?.[1]
      ?.split(/\s+/)
      .filter((h) => h !== '' && h !== "'self'") ?? [];
  return { hosts: connect, chosen: meta.getAttribute('data-model-host') ?? '' };
}
