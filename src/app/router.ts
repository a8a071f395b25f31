/**
 * The page's URL as a web app's: the hash names the view and carries its
 * parameters (`#ask`, `#console?sql=SELECT%201`). Moving to another view adds
 * a history entry, so Back and Forward move between views inside the app;
 * setting the hash by hand, or following a link, switches the view; a view
 * can rewrite its own parameters in place (the console's query) without
 * adding an entry. A hash that names no view (`#main`, the skip link's
 * target) is left to the browser and changes nothing.
 */

/** A view and its parameters, as the hash says them. */
export interface Route {
  readonly view: string;
  readonly params: URLSearchParams;
}

/** What caused a route to be shown: the page loading, Back/Forward or a typed hash, or the app itself. */
export type RouteCause = 'load' | 'history' | 'app';

/**
 * Reads a hash (with or without its `#`). Parameters are form-encoded, as
 * `URLSearchParams` writes them (`+` or `%20` for a space).
 *
 * @example
 * parseRoute('#console?sql=SELECT%201').params.get('sql'); // 'SELECT 1'
 * parseRoute('').view; // ''
 */
export function parseRoute(hash: string): Route {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const at = h.indexOf('?');
  return { view: at < 0 ? h : h.slice(0, at), params: new URLSearchParams(at < 0 ? '' : h.slice(at + 1)) };
}

/**
 * The hash for a view and its parameters (empty values left out).
 *
 * @example routeHash('console', { sql: 'SELECT 1' }); // '#console?sql=SELECT+1'
 */
export function routeHash(view: string, params: Readonly<Record<string, string>> = {}): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  return `#${view}${query === '' ? '' : `?${query}`}`;
}

export interface Router {
  /** Moves to a view: a new history entry when the hash changes, then the listener hears it as 'app'. */
  go(view: string, params?: Readonly<Record<string, string>>): void;
  /** Rewrites the current entry's hash in place (no new entry, no listener call). */
  replace(view: string, params?: Readonly<Record<string, string>>): void;
  /** Starts listening and shows the page's first route (a view it does not know becomes `fallback`). */
  start(): void;
}

/**
 * A router over `location.hash` for the views in `views`; `show` is called
 * for every route to show, with what caused it.
 *
 * @example
 * const router = createRouter(['ask', 'console'], 'ask', (route, cause) => tabs.show(route.view));
 * router.start();
 * tabButton.onclick = () => router.go('console');
 */
export function createRouter(views: readonly string[], fallback: string, show: (route: Route, cause: RouteCause) => void): Router {
  const known = new Set(views);
  /** The hash last shown or written, so a hashchange and popstate for the same move count once. */
  let shown = '';
  const onMove = (): void => {
    if (location.hash === shown) return;
    const route = parseRoute(location.hash);
    if (!known.has(route.view)) return;
    shown = location.hash;
    show(route, 'history');
  };
  return {
    go(view, params = {}) {
      const hash = routeHash(view, params);
      if (hash !== location.hash) history.pushState(null, '', hash);
      shown = location.hash;
      show(parseRoute(hash), 'app');
    },
    replace(view, params = {}) {
      const hash = routeHash(view, params);
      if (hash !== location.hash) history.replaceState(history.state, '', hash);
      shown = location.hash;
    },
    start() {
      addEventListener('popstate', onMove);
      addEventListener('hashchange', onMove);
      let route = parseRoute(location.hash);
      if (!known.has(route.view)) {
        route = { view: fallback, params: new URLSearchParams() };
        history.replaceState(history.state, '', routeHash(fallback));
      }
      shown = location.hash;
      show(route, 'load');
    },
  };
}
