/**
 * The page's URL as a web app's: the hash names the view and carries its
 * parameters (`#ask`, `#console?sql=SELECT%201`, `#browse?table=books`).
 * Moving to another view adds a history entry, so Back and Forward move
 * between views inside the app; setting the hash by hand, or following a
 * link, switches the view. A view records what a person did in it (a query
 * run, a table sorted) as an entry of its own (`push`), so Back and Forward
 * step through those too, or rewrites its parameters in place (`replace`);
 * either way the view has already drawn it, so the listener is not called.
 * A hash that names no view (`#main`, the skip link's target) is left to the
 * browser and changes nothing.
 */

/** A view and its parameters, as the hash says them. */
export interface Route {
  readonly view: string;
  readonly params: URLSearchParams;
}

/**
 * What caused a route to be shown: the page loading; Back or Forward to an
 * entry the app made (`history`); a link followed or a hash typed, or Back
 * and Forward to such an entry (`link`); or the app itself.
 */
export type RouteCause = 'load' | 'history' | 'link' | 'app';

/** The state of every history entry the app makes, so Back and Forward to one can be told from a link. */
const APP_ENTRY = { confide: true } as const;
const madeByApp = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { confide?: unknown }).confide === true;

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

/** A view's parameters: a name with one value, or with several (a repeated parameter, in order). */
export type RouteParams = Readonly<Record<string, string | readonly string[]>>;

/**
 * The hash for a view and its parameters (empty values left out; a list
 * repeats its parameter).
 *
 * @example
 * routeHash('console', { sql: 'SELECT 1' }); // '#console?sql=SELECT+1'
 * routeHash('browse', { table: 'books', facet: ['genre', 'pages'] }); // '#browse?table=books&facet=genre&facet=pages'
 */
export function routeHash(view: string, params: RouteParams = {}): string {
  const query = routeSearch(params).toString();
  return `#${view}${query === '' ? '' : `?${query}`}`;
}

/**
 * Parameters as the URLSearchParams a route reads them back as (empty values left out).
 *
 * @example routeSearch({ facet: ['a', 'b'] }).getAll('facet'); // ['a', 'b']
 */
export function routeSearch(params: RouteParams): URLSearchParams {
  const pairs = Object.entries(params).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : v.map((x) => [k, x])));
  return new URLSearchParams(pairs.filter(([, v]) => v !== ''));
}

export interface Router {
  /** Moves to a view: a new history entry when the hash changes, then the listener hears it as 'app'. */
  go(view: string, params?: RouteParams): void;
  /** Records a step the view has already shown: a new history entry when the hash changes (no listener call). */
  push(view: string, params?: RouteParams): void;
  /** Rewrites the current entry's hash in place (no new entry, no listener call). */
  replace(view: string, params?: RouteParams): void;
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
    show(route, madeByApp(history.state) ? 'history' : 'link');
  };
  return {
    go(view, params = {}) {
      const hash = routeHash(view, params);
      if (hash !== location.hash) history.pushState(APP_ENTRY, '', hash);
      shown = location.hash;
      show(parseRoute(hash), 'app');
    },
    push(view, params = {}) {
      const hash = routeHash(view, params);
      if (hash !== location.hash) history.pushState(APP_ENTRY, '', hash);
      shown = location.hash;
    },
    replace(view, params = {}) {
      const hash = routeHash(view, params);
      if (hash !== location.hash) history.replaceState(APP_ENTRY, '', hash);
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
