/**
 * Finding a benchmark in a list of file paths (a picked folder, or a zip's
 * entries): the folder holding a question file `<split>.json` next to its
 * databases, `database/<db_id>/<db_id>.sqlite` (Spider) or
 * `<split>_databases/<db_id>/<db_id>.sqlite` (BIRD). Paths use `/`.
 */

export interface BenchLocation {
  /** The benchmark folder, '' for the top level, else ending in '/'. */
  readonly root: string;
  /** Question files found there, by split name (`dev`, `train_spider` …), `dev` first when present. */
  readonly splits: readonly string[];
}

const dirOf = (p: string): string => p.slice(0, p.lastIndexOf('/') + 1);

/**
 * The benchmark folders among `paths`, the one with the most databases first.
 * `tables.json`-style schema files are not question files.
 *
 * @example
 * locateBenchmarks(['spider/dev.json', 'spider/tables.json', 'spider/database/a/a.sqlite']);
 * // [{ root: 'spider/', splits: ['dev'] }]
 */
export function locateBenchmarks(paths: readonly string[]): BenchLocation[] {
  const normalized = paths.map((p) => p.replace(/\\/g, '/').replace(/^\.?\//, ''));
  const found = new Map<string, Set<string>>();
  const dbCount = new Map<string, number>();
  for (const p of normalized) {
    const m = /^(.*?)(?:database|([^/]+)_databases)\/([^/]+)\/\3\.sqlite$/.exec(p);
    if (m) dbCount.set(m[1]!, (dbCount.get(m[1]!) ?? 0) + 1);
  }
  for (const p of normalized) {
    if (!p.endsWith('.json')) continue;
    const root = dirOf(p);
    const split = p.slice(root.length, -'.json'.length);
    if (split === 'tables' || split.endsWith('_tables') || split.endsWith('_gold') || !dbCount.has(root)) continue;
    const hasDbs = normalized.some((q) => q.startsWith(`${root}database/`) || q.startsWith(`${root}${split}_databases/`));
    if (!hasDbs) continue;
    if (!found.has(root)) found.set(root, new Set());
    found.get(root)!.add(split);
  }
  return [...found]
    .map(([root, splits]) => ({ root, splits: [...splits].sort((a, b) => (a === 'dev' ? -1 : b === 'dev' ? 1 : a.localeCompare(b))) }))
    .sort((a, b) => (dbCount.get(b.root) ?? 0) - (dbCount.get(a.root) ?? 0) || a.root.localeCompare(b.root));
}
