/**
 * How sqlparse 0.4 (the Python library test-suite-sql-eval reads SQL with)
 * cuts a text into tokens and statements, reproduced so the `spider` rule
 * drops exactly the tokens the official evaluator drops. This is not the
 * SQLite tokenizer (sql/tokenize.ts): sqlparse lets a backslash escape a
 * quote inside '…' and "…", starts a comment at `# `, reads `[…]` as a name
 * only where no word or `]` precedes it, and a character no rule reads is
 * one token on its own.
 *
 * The rules are sqlparse's lexer rules (sqlparse/keywords.py, BSD-3-Clause),
 * tried in the same order at each position, with Python's Unicode classes
 * written out (`\w` is a letter, a number or `_`; `\b` after a word is "no
 * word character follows"). Only what the statement splitter and the
 * DISTINCT removal read is kept: each token's text and a coarse kind.
 */

/** A token's kind, as far as the splitter reads it. */
export type SqlparseKind = 'punct' | 'keyword' | 'ddl' | 'whitespace' | 'newline' | 'comment' | 'other';

/** One token: its kind and its exact text (the tokens concatenate back to the input). */
export interface SqlparseToken {
  readonly kind: SqlparseKind;
  readonly text: string;
}

const W = String.raw`[\p{L}\p{N}_]`;
const NOT_W_AFTER = `(?!${W})`;
const LETTER = 'A-ZÀ-Ü';

/**
 * Rules in sqlparse's order, each with the characters it can start with;
 * `word` marks the catch-all word rule, whose kind depends on the word.
 */
type Rule = readonly [re: RegExp, kind: SqlparseKind | 'word', first: RegExp];
const RULES: readonly Rule[] = (
  [
    [String.raw`(--|# )\+[^\n]*?(\r\n|\r|\n|$)`, 'other', String.raw`[-#]`], // a hint: not a comment the splitter lets follow a `;`
    [String.raw`/\*\+[\s\S]*?\*/`, 'other', String.raw`/`],
    [String.raw`(--|# )[^\n]*?(\r\n|\r|\n|$)`, 'comment', String.raw`[-#]`],
    [String.raw`/\*[\s\S]*?\*/`, 'other', String.raw`/`],
    [String.raw`(\r\n|\r|\n)`, 'newline', String.raw`[\r\n]`],
    [String.raw`\s+?`, 'whitespace', String.raw`\s`],
    [':=', 'other', String.raw`:`],
    ['::', 'punct', String.raw`:`],
    [String.raw`\*`, 'other', String.raw`\*`],
    ['`(``|[^`])*`', 'other', '`'],
    ['´(´´|[^´])*´', 'other', String.raw`´`],
    [String.raw`((?<!\S)\$(?:[_${LETTER}]${W}*)?\$)[\s\S]*?\1`, 'other', String.raw`\$`],
    [String.raw`\?`, 'other', String.raw`\?`],
    [String.raw`%(\(${W}+\))?s`, 'other', String.raw`%`],
    [String.raw`(?<!${W})[$:?]${W}+`, 'other', String.raw`[$:?]`],
    [String.raw`\\${W}+`, 'other', String.raw`\\`],
    [String.raw`(NOT\s+)?(IN)${NOT_W_AFTER}`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(CASE|IN|VALUES|USING|FROM|AS)${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(@|##|#)[${LETTER}]${W}+`, 'other', String.raw`[@#]`],
    [String.raw`[${LETTER}]${W}*(?=\s*\.)`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(?<=\.)[${LETTER}]${W}*`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`[${LETTER}]${W}*(?=\()`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`-?0x[\p{Nd}A-F]+`, 'other', String.raw`[-0]`],
    [String.raw`-?\p{Nd}+(\.\p{Nd}+)?E-?\p{Nd}+`, 'other', String.raw`[-\p{Nd}]`],
    [String.raw`(?![_${LETTER}])-?(\p{Nd}+(\.\p{Nd}*)|\.\p{Nd}+)(?![_${LETTER}])`, 'other', String.raw`[-.\p{Nd}]`],
    [String.raw`(?![_${LETTER}])-?\p{Nd}+(?![_${LETTER}])`, 'other', String.raw`[-\p{Nd}]`],
    [String.raw`'(''|\\'|[^'])*'`, 'other', String.raw`'`],
    [String.raw`"(""|\\"|[^"])*"`, 'other', String.raw`"`],
    [String.raw`(""|"[^\n]*?[^\\]")`, 'other', String.raw`"`],
    [String.raw`(?<![\p{L}\p{N}_\])])(\[[^\]\[]+\])`, 'other', String.raw`\[`],
    [String.raw`((LEFT\s+|RIGHT\s+|FULL\s+)?(INNER\s+|OUTER\s+|STRAIGHT\s+)?|(CROSS\s+|NATURAL\s+)?)?JOIN${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`END(\s+IF|\s+LOOP|\s+WHILE)?${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`NOT\s+NULL${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`NULLS\s+(FIRST|LAST)${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`UNION\s+ALL${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`CREATE(\s+OR\s+REPLACE)?${NOT_W_AFTER}`, 'ddl', String.raw`[A-ZÀ-Ü]`],
    [String.raw`DOUBLE\s+PRECISION${NOT_W_AFTER}`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`GROUP\s+BY${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`ORDER\s+BY${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`HANDLER\s+FOR${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(LATERAL\s+VIEW\s+)(EXPLODE|INLINE|PARSE_URL_TUPLE|POSEXPLODE|STACK)${NOT_W_AFTER}`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(AT|WITH')\s+TIME\s+ZONE\s+'[^']+'`, 'keyword', String.raw`[A-ZÀ-Ü]`],
    [String.raw`(NOT\s+)?(LIKE|ILIKE|RLIKE)${NOT_W_AFTER}`, 'other', String.raw`[A-ZÀ-Ü]`],
    [String.raw`[0-9_${LETTER}][_$#\p{L}\p{N}]*`, 'word', String.raw`[0-9_A-ZÀ-Ü]`],
    [String.raw`[;:()\[\],\.]`, 'punct', String.raw`[;:()\[\],.]`],
    [String.raw`[<>=~!]+`, 'other', String.raw`[<>=~!]`],
    [String.raw`[+/@#%^&|^-]+`, 'other', String.raw`[+/@#%^&|^-]`],
  ] as const
).map(([source, kind, first]) => [new RegExp(source, 'iuy'), kind, new RegExp(first, 'iu')] as const);

/** The rules worth trying at each ASCII character, in order (any other character tries them all). */
const BY_FIRST: readonly (readonly Rule[])[] = Array.from({ length: 128 }, (_, code) => RULES.filter(([, , first]) => first.test(String.fromCharCode(code))));

/**
 * Words the splitter reads as keywords (all of them are sqlparse keywords);
 * any other word's kind does not matter here.
 */
const SPLIT_WORDS = new Set(['BEGIN', 'END', 'DECLARE', 'IF', 'FOR', 'WHILE', 'CASE']);

/**
 * The tokens sqlparse's lexer reads in `text`.
 *
 * @example
 * sqlparseTokens('SELECT t.distinct').map((t) => t.text); // ['SELECT', ' ', 't', '.', 'distinct']
 */
export function sqlparseTokens(text: string): SqlparseToken[] {
  const out: SqlparseToken[] = [];
  let pos = 0;
  while (pos < text.length) {
    let matched = false;
    const code = text.charCodeAt(pos);
    for (const [re, kind] of code < 128 ? (BY_FIRST[code] as readonly Rule[]) : RULES) {
      re.lastIndex = pos;
      const m = re.exec(text);
      if (m === null) continue;
      const value = m[0];
      if (value === '') continue; // Python's lexer would loop on an empty match; none of these rules makes one
      const upper = value.toUpperCase();
      out.push({ kind: kind !== 'word' ? kind : upper === 'CREATE' ? 'ddl' : SPLIT_WORDS.has(upper) ? 'keyword' : 'other', text: value });
      pos += value.length;
      matched = true;
      break;
    }
    if (!matched) {
      const ch = String.fromCodePoint(text.codePointAt(pos) as number);
      out.push({ kind: 'other', text: ch });
      pos += ch.length;
    }
  }
  return out;
}
