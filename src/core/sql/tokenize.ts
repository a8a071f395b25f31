/**
 * The SQL tokenizer (SQLite lexical rules, not a grammar): enough to fold
 * case outside literals, unify identifier quotes, drop comments and mask
 * literals. It never throws: an unterminated string or comment runs to the end
 * of the text, and an unknown character becomes a one-character `op` token.
 * Normalization, structure-key fallbacks, the parser's input limits and the
 * ORM's feature tokens (mode `features`, see `orm/tokens.ts`) all read it.
 */

/**
 * Token kinds. `string` is '…'; `dq` is "…" (an identifier in SQLite unless no
 * column has that name, then a string); `bq` is `…` and `br` is […] (both
 * identifiers); `blob` is X'…'; `param` is ?, ?NNN, :name, @name or $name.
 */
export type TokenKind = 'ws' | 'comment' | 'string' | 'dq' | 'bq' | 'br' | 'blob' | 'number' | 'word' | 'param' | 'op' | 'punct';

/** One token: its kind and its exact source text (concatenating all tokens gives the input back). */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

/**
 * `sqlite` reads SQLite's lexical classes (hex numbers, blobs, parameters,
 * `<<`, `->` …). `features` is the reading the ORM's features were trained
 * on, kept exactly: no blobs or parameters (their characters lex one by one),
 * decimal numbers of at most 64 characters, words of Unicode letters, digits,
 * `_` and `$` (at most 256 characters), and only `<= >= != <> == ||` as
 * two-character operators. `guard` is the read-only guard's strict reading,
 * exactly where SQLite's own tokenizer (tokenize.c) puts code, comments and
 * quotes: numbers run on through letters, digits, `_` and `.` (SQLite then
 * rejects `3abc`), parameters are `:name`, `@name`, `#name` and `$name` with
 * `::` parts and a Tcl-style `(…)` suffix (which may hold quotes or comment
 * marks that are not code), and every other character is one token.
 */
export type TokenizeMode = 'sqlite' | 'features' | 'guard';

const PUNCT = new Set(['(', ')', ',', '.', ';']);

/** A rule: the length of its match at `i`, or 0. */
type Rule = (s: string, i: number) => number;

const sticky =
  (re: RegExp): Rule =>
  (s, i) => {
    re.lastIndex = i;
    const m = re.exec(s);
    return m ? m[0].length : 0;
  };
/**
 * A rule matched on at most `cap` characters from `i` (a token longer than that is cut there).
 * The sticky match on the whole text is the same match whenever it is no longer than `cap`
 * (none of these patterns has an end anchor, so the end of the cut text cannot make a match
 * that the next character would not): only a longer one is matched again on the cut text.
 */
const capped = (re: RegExp, cap: number): Rule => {
  const anchored = new RegExp(`^(?:${re.source})`, re.flags);
  const whole = new RegExp(re.source, `${re.flags}y`);
  return (s, i) => {
    whole.lastIndex = i;
    const m = whole.exec(s);
    if (m === null) return 0;
    if (m[0].length <= cap) return m[0].length;
    const cut = anchored.exec(s.slice(i, i + cap));
    return cut ? cut[0].length : 0;
  };
};

const WS = sticky(/\s+/y);
const LINE_COMMENT = sticky(/--[^\n]*/y);
const BLOCK_COMMENT = sticky(/\/\*[\s\S]*?(?:\*\/|$)/y);
const SINGLE = sticky(/'(?:[^']|'')*(?:'|$)/y);
const DOUBLE = sticky(/"(?:[^"]|"")*(?:"|$)/y);
const BACKTICK = sticky(/`(?:[^`]|``)*(?:`|$)/y);
const BRACKET = sticky(/\[[^\]]*(?:\]|$)/y);

/** SQLite's IdChar: ASCII letters, digits, `_`, `$` and every non-ASCII character (a UTF-8 byte >= 0x80). */
const ID_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
/** SQLite's sqlite3Isspace: the ASCII whitespace its tokenizer stops a Tcl suffix at. */
const SQLITE_SPACE = /[ \t\n\v\f\r]/;
const NUMBER_PART = /[0-9A-Za-z_.]/;

/**
 * A `:name`, `@name`, `#name` or `$name` parameter as SQLite's tokenizer reads
 * it (tokenize.c, CC_VARALPHA / CC_DOLLAR): name characters and `::`, then
 * optionally `(` up to the first `)` or ASCII space. 0 when no name follows.
 */
const GUARD_VARIABLE: Rule = (s, at) => {
  if (!'$@:#'.includes(s[at]!)) return 0;
  let i = at + 1;
  let n = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (ID_CHAR.test(c)) {
      n += 1;
      i += 1;
    } else if (c === '(' && n > 0) {
      i += 1;
      while (i < s.length && s[i] !== ')' && s[i] !== '\0' && !SQLITE_SPACE.test(s[i]!)) i += 1;
      return (s[i] === ')' ? i + 1 : i) - at;
    } else if (c === ':' && s[i + 1] === ':') i += 2;
    else break;
  }
  return n === 0 ? 0 : i - at;
};

/** A number as SQLite's tokenizer delimits it: from a digit (or `.digit`) on through letters, digits, `_`, `.` and an exponent's sign. */
const GUARD_NUMBER: Rule = (s, i) => {
  const c = s[i]!;
  const next = s[i + 1];
  if (!(/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next)))) return 0;
  let j = i + 1;
  while (j < s.length) {
    const d = s[j]!;
    if (NUMBER_PART.test(d)) j += 1;
    else if ((d === '+' || d === '-') && /[eE]/.test(s[j - 1]!)) j += 1;
    else break;
  }
  return j - i;
};

const SQLITE_WORD = sticky(/[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y);

/**
 * A rule, the token kind it makes, and the ASCII characters it can start
 * with (tested on one character; a rule may match only where this says
 * yes, so skipping it elsewhere changes nothing).
 */
type RuleEntry = readonly [kind: TokenKind, rule: Rule, first: RegExp];

interface ModeRules {
  readonly rules: readonly RuleEntry[];
  readonly ops: readonly string[];
}

const DIGIT_OR_DOT = /[0-9.]/;
const WORD_START = /[A-Za-z_]/;

/** The rules every mode starts with: whitespace, comments, quoted text. */
const COMMON: readonly RuleEntry[] = [
  ['ws', WS, /\s/],
  ['comment', LINE_COMMENT, /-/],
  ['comment', BLOCK_COMMENT, /\//],
];
const QUOTES: readonly RuleEntry[] = [
  ['string', SINGLE, /'/],
  ['dq', DOUBLE, /"/],
  ['bq', BACKTICK, /`/],
  ['br', BRACKET, /\[/],
];

const MODES: Readonly<Record<TokenizeMode, ModeRules>> = {
  sqlite: {
    rules: [
      ...COMMON,
      ['blob', sticky(/[xX]'[0-9a-fA-F]*'/y), /[xX]/],
      ...QUOTES,
      ['number', sticky(/0[xX][0-9a-fA-F]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y), DIGIT_OR_DOT],
      ['word', SQLITE_WORD, WORD_START],
      ['param', sticky(/\?\d*|[:@$][A-Za-z0-9_]+/y), /[?:@$]/],
    ],
    ops: ['<=', '>=', '<>', '!=', '==', '||', '<<', '>>', '->>', '->'],
  },
  features: {
    rules: [
      ...COMMON,
      ...QUOTES,
      ['number', capped(/\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?/i, 64), DIGIT_OR_DOT],
      ['word', capped(/[\p{L}_][\p{L}\p{N}_$]*/u, 256), WORD_START],
    ],
    ops: ['<=', '>=', '!=', '<>', '==', '||'],
  },
  guard: {
    rules: [...COMMON, ...QUOTES, ['param', GUARD_VARIABLE, /[$@:#]/], ['number', GUARD_NUMBER, DIGIT_OR_DOT], ['word', SQLITE_WORD, WORD_START]],
    ops: [],
  },
};

/** Per mode, the rules worth trying at each ASCII character (in order); any other character tries them all. */
const BY_FIRST: Readonly<Record<TokenizeMode, readonly (readonly RuleEntry[])[]>> = Object.fromEntries(
  Object.entries(MODES).map(([mode, { rules }]) => [
    mode,
    Array.from({ length: 128 }, (_, code) => rules.filter(([, , first]) => first.test(String.fromCharCode(code)))),
  ]),
) as Record<TokenizeMode, RuleEntry[][]>;

/**
 * Splits SQL text into tokens, whitespace and comments included, read the
 * way `mode` says (default `sqlite`).
 *
 * @example
 * tokenizeSql("SELECT 'a b' -- c").map((t) => t.kind);
 * // ['word', 'ws', 'string', 'ws', 'comment']
 */
export function tokenizeSql(sql: string, mode: TokenizeMode = 'sqlite'): Token[] {
  const { rules, ops } = MODES[mode];
  const byFirst = BY_FIRST[mode];
  const out: Token[] = [];
  let i = 0;
  outer: while (i < sql.length) {
    const code = sql.charCodeAt(i);
    for (const [kind, rule] of code < 128 ? byFirst[code]! : rules) {
      const n = rule(sql, i);
      if (n > 0) {
        out.push({ kind, text: sql.slice(i, i + n) });
        i += n;
        continue outer;
      }
    }
    const op = ops.find((o) => sql.startsWith(o, i)) ?? sql[i]!;
    out.push({ kind: PUNCT.has(op) ? 'punct' : 'op', text: op });
    i += op.length;
  }
  return out;
}

/**
 * The unquoted name inside a `dq`, `bq` or `br` token (doubled quotes undone).
 *
 * @example
 * quotedName('"a ""b"""'); // 'a "b"'
 */
export function quotedName(text: string): string {
  const open = text[0] ?? '';
  const close = open === '[' ? ']' : open;
  const inner = text.endsWith(close) && text.length > 1 ? text.slice(1, -1) : text.slice(1);
  return open === '[' ? inner : inner.split(close + close).join(close);
}
