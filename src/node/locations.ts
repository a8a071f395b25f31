/**
 * Where the Node side finds what it starts and reads beside its own code,
 * from the TypeScript sources and from the CLI's bundle alike. The bundle
 * (scripts/build-cli.mjs) defines `CONFIDE_BUNDLE` and puts every module in
 * one folder, build/cli/, two folders below the project as src/node/ is.
 */

/** Set to true by the CLI's bundle (esbuild `define`); undeclared in the sources. */
declare const CONFIDE_BUNDLE: boolean | undefined;

const bundled = typeof CONFIDE_BUNDLE === 'boolean' && CONFIDE_BUNDLE;

/**
 * The project's folder (where `public/` lies).
 *
 * @example
 * fileURLToPath(new URL('public/profiles/default.json', PROJECT_ROOT));
 */
export const PROJECT_ROOT = new URL('../../', import.meta.url);

/**
 * The SQL worker thread's entry: the bundle's own `sql.node.mjs` beside this
 * code, or in the sources the bootstrap that registers tsx in the worker and
 * loads workers/sql.node.ts.
 */
export const SQL_WORKER_ENTRY = bundled ? new URL('./sql.node.mjs', import.meta.url) : new URL('workers/sql.node.mjs', PROJECT_ROOT);

/** The analysis worker thread's entry (src/node/analysis-worker.ts), from the bundle or the sources as above. */
export const ANALYSIS_WORKER_ENTRY = bundled ? new URL('./analysis.node.mjs', import.meta.url) : new URL('workers/analysis.node.mjs', PROJECT_ROOT);
