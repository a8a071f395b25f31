/**
 * A Hugging Face `tokenizer.json` for the random-weight test model, made so
 * that short prompts stay short: a ByteLevel pre-tokenizer and decoder (as
 * Qwen's) over a WordPiece model whose vocabulary holds the 256 byte symbols,
 * a few hundred common words (bare and with a leading space), a few whole SQL
 * queries as single tokens, fillers up to the model's vocabulary size, and the
 * chat template's special tokens at Qwen's ids. web-llm's tokenizer runs it as
 * it runs Qwen's; random weights then produce filler words, and a request's
 * `logit_bias` can force one of the named tokens.
 */

/** Qwen2's vocabulary size (the output layer's rows). */
export const VOCAB_SIZE = 151_936;
/** The chat template's special tokens, at Qwen2's ids. */
export const SPECIAL_TOKENS = { '<|endoftext|>': 151_643, '<|im_start|>': 151_644, '<|im_end|>': 151_645 } as const;

/** Words that get a token of their own (each also with a leading space). */
const WORDS = (
  'the a an and or not of to in on at for with from by as is are was were be been it this that these those there ' +
  'what which who whom whose when where why how many much most least more less all any each every some no yes ' +
  'Yes No Is Are Does Do Did Was Which What Who How List Show Find Give Count Name Return Write Answer Reply ' +
  'one two three four five ten first last top number count total average sum name names title titles city town ' +
  'towns store stores book books author authors customer customers order orders item items review reviews staff ' +
  'price prices genre year date country email manager rating per than less greater equal between ' +
  'correct Correct right wrong query queries question SQL SQLite database table tables column columns ' +
  'You are helpful assistant system user model reply only one answer careful reviewer ' +
  'SELECT FROM WHERE GROUP BY ORDER LIMIT JOIN ON AS AND OR NOT IN COUNT SUM AVG MAX MIN DISTINCT HAVING ' +
  'select from where group by order limit join count sum avg max min distinct having desc asc'
).split(/\s+/);

/** Punctuation runs the ByteLevel pre-tokenizer keeps together, given tokens of their own. */
const PUNCTUATION = ['(*)', '(*', ');', '?', '.', ',', ':', ';', '```', '```sql', '*)', "'", '="', '?\n'];

/** Whole queries that decode from one token each (what a request's logit_bias can force). */
export const QUERY_TOKENS = ['SELECT count(*) FROM customers;', 'SELECT count(*) FROM stores;', 'SELECT name, city FROM stores;'] as const;

/** GPT-2's byte-to-unicode map, which Qwen's ByteLevel pre-tokenizer and decoder use. */
export function byteSymbols(): string[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const symbols = new Array<string>(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    symbols[b] = String.fromCodePoint(printable.includes(b) ? b : 256 + extra++);
  }
  return symbols;
}

/** A text as the ByteLevel pre-tokenizer spells it (bytes through the map above). */
export function byteLevel(text: string, symbols: readonly string[] = byteSymbols()): string {
  return [...new TextEncoder().encode(text)].map((b) => symbols[b]).join('');
}

export interface FixtureTokenizer {
  /** The tokenizer.json text. */
  readonly json: string;
  /** The id of each query of {@link QUERY_TOKENS}, by query text. */
  readonly queryIds: Readonly<Record<string, number>>;
  /** Ids of the first answer tokens 'Yes' and 'No'. */
  readonly yesId: number;
  readonly noId: number;
  /** Token → id, fillers included. */
  readonly vocab: ReadonlyMap<string, number>;
}

/**
 * Builds the tokenizer.
 *
 * @example const { json, queryIds, yesId } = buildFixtureTokenizer();
 */
export function buildFixtureTokenizer(): FixtureTokenizer {
  const symbols = byteSymbols();
  const vocab = new Map<string, number>();
  const add = (token: string): number => {
    const known = vocab.get(token);
    if (known !== undefined) return known;
    vocab.set(token, vocab.size);
    return vocab.size - 1;
  };
  for (const s of symbols) add(s);
  for (const w of WORDS) {
    add(byteLevel(w, symbols));
    add(byteLevel(` ${w}`, symbols));
  }
  for (const p of PUNCTUATION) {
    add(byteLevel(p, symbols));
    add(byteLevel(` ${p}`, symbols));
  }
  const queryIds: Record<string, number> = {};
  for (const q of QUERY_TOKENS) queryIds[q] = add(byteLevel(q, symbols));
  const yesId = vocab.get('Yes')!;
  const noId = vocab.get('No')!;
  const specials = new Set<number>(Object.values(SPECIAL_TOKENS));
  // Fillers: every other id below the vocabulary size decodes as a word of its own (digits: no word above has any).
  for (let id = vocab.size; id < VOCAB_SIZE; id++) {
    if (!specials.has(id)) vocab.set(`Ġw${id}`, id);
  }
  const model: Record<string, number> = Object.fromEntries(vocab);
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: Object.entries(SPECIAL_TOKENS).map(([content, id]) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: null,
    pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true },
    post_processor: null,
    decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true },
    model: {
      type: 'WordPiece',
      unk_token: symbols[0],
      continuing_subword_prefix: '',
      max_input_chars_per_word: 100,
      vocab: model,
    },
  };
  return { json: JSON.stringify(tokenizer), queryIds, yesId, noId, vocab };
}
