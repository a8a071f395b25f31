/**
 * What a database's write-ahead log gave when it was opened, in words for a
 * person (the CLI's note, the page's status line).
 */
import type { WalReport } from './types.ts';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * One sentence about the `-wal` read with `name`, or null when none was read
 * (a database in rollback mode, or one opened alone: the caller says what
 * that means where it can).
 *
 * @example
 * walWords('app.db', { read: true, commits: 3, pages: 12, leftOut: 0, ignored: null });
 * // 'app.db was read with its -wal: 3 committed transactions (12 pages) not yet checkpointed into the file.'
 */
export function walWords(name: string, wal: WalReport | undefined | null): string | null {
  if (wal === undefined || wal === null || !wal.read) return null;
  if (wal.ignored !== null) return `The -wal of ${name} was ignored, as SQLite ignores it: ${wal.ignored}.`;
  const left =
    wal.leftOut === 0
      ? ''
      : `; ${plural(wal.leftOut, 'frame')} after the last commit left out, as SQLite leaves them out (a transaction not committed, or a torn write)`;
  if (wal.commits === 0) return `The -wal of ${name} holds no committed transaction${left}.`;
  return `${name} was read with its -wal: ${plural(wal.commits, 'committed transaction')} (${plural(wal.pages, 'page')}) not yet checkpointed into the file${left}.`;
}
