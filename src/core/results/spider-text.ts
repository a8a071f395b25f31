/**
 * The texts test-suite-sql-eval executes, and its row-order test, so the
 * `spider` rules label what the official evaluator labels. Its `--etype exec`
 * path, for one prediction (`p`) and its gold (`g`):
 *
 * 1. evaluation.py: in `p` every " value " becomes " 1 ".
 * 2. exec_eval.postprocess, both: "> =", "< =", "! =" become ">=", "<=", "!=".
 * 3. parse.remove_distinct, both, unless `--keep_distinct`: the text's first
 *    statement as sqlparse splits it, without every token whose text is
 *    `distinct` in any case (`SELECT DISTINCT`, `COUNT(DISTINCT x)`, also
 *    `t.distinct`; never inside a string, a quoted name or a comment); the
 *    statements after the first are dropped. A text in which sqlparse finds
 *    no statement (empty or only white space) stops the official evaluator
 *    with an IndexError; here it has no text to run (null).
 * 4. Row order matters when `'order by' in g.lower()`, on `g` after steps 2
 *    and 3: a plain substring test, so ORDER BY in a subquery, a window or a
 *    string literal counts, and `ORDER  BY` (two spaces) or `ORDER\nBY` does not.
 * 5. exec_eval.replace_cur_year, both, as they run: `YEAR(CURDATE())` (any
 *    case and spacing) becomes 2020.
 *
 * Every step is textual: steps 1, 2 and 5 apply inside string literals too.
 */
import { sqlparseTokens, type SqlparseToken } from './sqlparse-lex.ts';

/** Which side of the comparison a text is: only the prediction gets step 1. */
export type SpiderSide = 'gold' | 'prediction';

/** A text as the official evaluator runs it under one of the `spider` rules. */
export interface SpiderText {
  /** What to execute (steps 1–3 and 5). */
  readonly sql: string;
  /** Gold only: whether row order matters (step 4). */
  readonly orderMatters: boolean;
}

/**
 * The text the official evaluator runs for `sql`, or null when it cannot
 * read one (step 3 on an empty text). With `keepDistinct`, step 3 is skipped.
 *
 * @example
 * spiderText('SELECT DISTINCT name FROM t ORDER BY name', 'gold', false);
 * // { sql: 'SELECT  name FROM t ORDER BY name', orderMatters: true }
 */
export function spiderText(sql: string, side: SpiderSide, keepDistinct: boolean): SpiderText | null {
  let s = side === 'prediction' ? sql.replaceAll(' value ', ' 1 ') : sql;
  s = s.replaceAll('> =', '>=').replaceAll('< =', '<=').replaceAll('! =', '!=');
  if (!keepDistinct && !(s.trim() !== '' && unchangedByRemoval(s))) {
    const stripped = removeDistinct(s);
    if (stripped === null) return null;
    s = stripped;
  }
  return { sql: s.replace(CUR_YEAR, '2020'), orderMatters: s.toLowerCase().includes('order by') };
}

const CUR_YEAR = /YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*/giu;

/**
 * True when step 3 can only drop white space from `s` (so it runs the same
 * text): no `distinct` anywhere, and no `;` but at most one final one. The
 * lexer is skipped for nearly every candidate this way.
 */
function unchangedByRemoval(s: string): boolean {
  if (s.toLowerCase().includes('distinct')) return false;
  const semi = s.indexOf(';');
  return semi < 0 || (semi === s.lastIndexOf(';') && s.slice(semi + 1).trim() === '');
}

/**
 * Step 3: the first statement without its `distinct` tokens; null when
 * sqlparse finds no statement in the text.
 *
 * @example
 * removeDistinct('SELECT COUNT(DISTINCT a) FROM t; SELECT 2'); // 'SELECT COUNT( a) FROM t; '
 */
export function removeDistinct(sql: string): string | null {
  const first = firstStatement(sqlparseTokens(sql));
  if (first === null) return null;
  return first
    .filter((t) => t.text.toLowerCase() !== 'distinct')
    .map((t) => t.text)
    .join('');
}

/**
 * sqlparse's statement splitter, up to its first statement: a statement ends
 * at a `;` read at split level 0 or below, and takes the white space and `--`
 * comments after it on the same line. The level rises at `(` and falls at
 * `)`; keyword `END` lowers it too (so after `CASE … END` it is −1), and
 * inside `CREATE …` a `BEGIN`, a first `DECLARE`, and (within BEGIN) `IF`,
 * `FOR`, `WHILE` or `CASE` raise it. Null when nothing but white space is left.
 */
function firstStatement(tokens: readonly SqlparseToken[]): SqlparseToken[] | null {
  let level = 0;
  let isCreate = false;
  let beginDepth = 0;
  let ended = false;
  const kept: SqlparseToken[] = [];
  for (const t of tokens) {
    if (ended && t.kind !== 'whitespace' && t.kind !== 'comment') return kept;
    const word = t.text.toUpperCase();
    if (t.kind === 'punct') level += t.text === '(' ? 1 : t.text === ')' ? -1 : 0;
    else if (t.kind === 'ddl' && word.startsWith('CREATE')) isCreate = true;
    else if (t.kind === 'keyword') {
      if (word === 'DECLARE' && isCreate && beginDepth === 0) level += 1;
      else if (word === 'BEGIN') {
        beginDepth += 1;
        if (isCreate) level += 1;
      } else if (word === 'END') {
        beginDepth = Math.max(0, beginDepth - 1);
        level -= 1;
      } else if (['IF', 'FOR', 'WHILE', 'CASE'].includes(word) && isCreate && beginDepth > 0) level += 1;
      else if (['END IF', 'END FOR', 'END WHILE'].includes(word)) level -= 1;
    }
    kept.push(t);
    if (level <= 0 && t.kind === 'punct' && t.text === ';') ended = true;
  }
  return kept.some((t) => t.kind !== 'whitespace' && t.kind !== 'newline') ? kept : null;
}
