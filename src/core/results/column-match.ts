/**
 * The `spider` rule's search for a column permutation under which two results
 * hold the same rows (as a multiset, or as a sequence when ordered).
 *
 * Columns may only map to columns with the same value multiset. Unordered, the
 * search backtracks within groups of such columns, smallest group first, and
 * after each choice checks that the rows projected onto the columns mapped so
 * far agree as multisets (row-level pruning); candidate columns identical to
 * one already tried at the same step are skipped. It never enumerates the
 * permutations of a wide result. Ordered, equal columns must be equal
 * sequences, which makes matching a lookup. Every check is exact (no hashes).
 */
import { CellInterner } from './cell-key.ts';
import type { ResultTable } from './types.ts';

/**
 * A mapping `m` (gold column i ↔ candidate column m[i]) under which the two
 * results are equal, or null. Preconditions: same row count, same width.
 *
 * @example
 * matchColumns({columns: ['a','b'], rows: [[1,'x']]}, {columns: ['b','a'], rows: [['x',1]]}, false); // [1, 0]
 */
export function matchColumns(gold: ResultTable, cand: ResultTable, ordered: boolean): number[] | null {
  const ids = new CellInterner();
  const g = columnIds(gold, ids);
  const c = columnIds(cand, ids);
  return ordered ? matchSequences(g, c) : new UnorderedSearch(g, c, gold.rows.length, ids.size).run();
}

function columnIds(table: ResultTable, ids: CellInterner): Int32Array[] {
  return table.columns.map((_, col) => Int32Array.from(table.rows, (row) => ids.id(row[col]!)));
}

const joined = (a: Int32Array): string => a.join(',');

function matchSequences(g: Int32Array[], c: Int32Array[]): number[] | null {
  const free = new Map<string, number[]>();
  c.forEach((col, j) => {
    const key = joined(col);
    free.set(key, [...(free.get(key) ?? []), j]);
  });
  const mapping: number[] = [];
  for (const col of g) {
    const j = free.get(joined(col))?.pop();
    if (j === undefined) return null;
    mapping.push(j);
  }
  return mapping;
}

class UnorderedSearch {
  private readonly group: number[][] = [[], []]; // [gold, cand] -> signature group per column
  private readonly sequence: number[] = []; // cand column -> class of identical columns
  private readonly used: boolean[];
  private readonly mapping: number[];
  private readonly order: number[];

  constructor(
    private readonly g: Int32Array[],
    private readonly c: Int32Array[],
    private readonly rowCount: number,
    private readonly cellCount: number,
  ) {
    const signatures = new Map<string, number>();
    const sequences = new Map<string, number>();
    const intern = (m: Map<string, number>, k: string): number => m.get(k) ?? m.set(k, m.size).get(k)!;
    [g, c].forEach((cols, side) => {
      for (const col of cols) this.group[side]!.push(intern(signatures, joined(col.slice().sort())));
    });
    for (const col of c) this.sequence.push(intern(sequences, joined(col)));
    const size = (grp: number) => this.group[1]!.filter((x) => x === grp).length;
    this.order = g.map((_, i) => i).sort((a, b) => size(this.group[0]![a]!) - size(this.group[0]![b]!) || a - b);
    this.used = c.map(() => false);
    this.mapping = g.map(() => -1);
  }

  run(): number[] | null {
    const sorted = (xs: number[]) =>
      xs
        .slice()
        .sort((a, b) => a - b)
        .join(',');
    if (sorted(this.group[0]!) !== sorted(this.group[1]!)) return null;
    const zero = new Int32Array(this.rowCount);
    return this.extend(0, zero, zero) ? this.mapping : null;
  }

  /** Tries to map gold column order[depth] given the row prefixes so far. */
  private extend(depth: number, prefixG: Int32Array, prefixC: Int32Array): boolean {
    if (depth === this.order.length) return true;
    const i = this.order[depth]!;
    const tried = new Set<number>();
    for (let j = 0; j < this.c.length; j++) {
      if (this.used[j] || this.group[1]![j] !== this.group[0]![i] || tried.has(this.sequence[j]!)) continue;
      tried.add(this.sequence[j]!);
      const next = this.project(prefixG, this.g[i]!, prefixC, this.c[j]!);
      if (next === null) continue;
      this.used[j] = true;
      this.mapping[i] = j;
      if (this.extend(depth + 1, next[0], next[1])) return true;
      this.used[j] = false;
    }
    return false;
  }

  /** Extends both row prefixes by one column; null when the projected rows differ as multisets. */
  private project(pg: Int32Array, colG: Int32Array, pc: Int32Array, colC: Int32Array): [Int32Array, Int32Array] | null {
    const ids = new Map<number, number>();
    const counts: number[] = [];
    const stride = this.cellCount; // key is exact: prefix ids < rows, cell ids < cellCount
    const nextG = new Int32Array(this.rowCount);
    const nextC = new Int32Array(this.rowCount);
    for (let r = 0; r < this.rowCount; r++) {
      const key = pg[r]! * stride + colG[r]!;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = counts.push(0) - 1));
      counts[id]!++;
      nextG[r] = id;
    }
    for (let r = 0; r < this.rowCount; r++) {
      const id = ids.get(pc[r]! * stride + colC[r]!);
      if (id === undefined || --counts[id]! < 0) return null;
      nextC[r] = id;
    }
    return [nextG, nextC];
  }
}
