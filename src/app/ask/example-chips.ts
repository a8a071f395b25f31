/**
 * One-click example questions beside the question box, for the open database
 * when the replay file holds questions for it. The chips are drawn as soon as
 * the database is open: they wait on nothing else (no profile, no reward
 * model, no Ask). Each is then asked through the same pipeline in the
 * background (replayed candidates, the active profile, the verifiers Ask
 * uses), one after another, and its label fills in with what Confide does at
 * the current risk: "answers" or "abstains" ("checking" until then). The chips
 * keep their places while labels arrive; clicking one asks it at once. The
 * first answering example becomes the placeholder of the question box.
 */
import { askRegistry, decide, runAsk, type AskResult, type Verifier } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import type { ReplaySet } from './replay-source.ts';
import { pageAnalyzer } from '../analysis-client.ts';

/** How many of the database's replay questions are shown as chips (the first ones in the file). */
export const EXAMPLES_SHOWN = 5;

export interface ExampleChips {
  readonly element: HTMLElement;
  /** Draws the chips for the current database and replay file, then labels them with the current profile. */
  refresh(): void;
  /** Re-decides the labelled chips at the current risk. */
  relabel(): void;
}

export interface ExampleChipsDeps {
  readonly sqlPool: SqlPool;
  readonly dbs: DatabaseController;
  replay(): ReplaySet | null;
  profile(): CalibrationProfile | null;
  risk(): number;
  /** The verifiers Ask would score with, so a chip's label is the decision Ask would make. */
  verifiers(): readonly Verifier[];
  onPick(question: string): void;
  onPlaceholder(question: string | null): void;
}

interface Chip {
  readonly question: string;
  readonly button: HTMLButtonElement;
  readonly label: HTMLElement;
  /** The chip's Ask: null while it runs, 'failed' when it could not run (the chip then carries no label). */
  asked: { readonly result: AskResult; readonly profile: CalibrationProfile } | 'failed' | null;
}

type ChipKind = 'answer' | 'abstain' | 'pending' | 'unchecked';
const LABELS: Record<ChipKind, string> = { answer: 'answers', abstain: 'abstains', pending: 'checking', unchecked: '' };

/**
 * Builds the chips row.
 *
 * @example const chips = exampleChips({ sqlPool, dbs, replay, profile, risk, verifiers, onPick: ask, onPlaceholder });
 */
export function exampleChips(deps: ExampleChipsDeps): ExampleChips {
  const element = el('div', { class: 'example-chips', 'aria-label': 'Example questions' });
  let chips: Chip[] = [];
  let token = 0;

  const relabel = (): void => {
    let placeholder: string | null = null;
    for (const c of chips) {
      const kind: ChipKind = c.asked === null ? 'pending' : c.asked === 'failed' ? 'unchecked' : decide(c.asked.result, c.asked.profile, deps.risk()).kind;
      c.button.className = `chip ${kind}`;
      c.button.dataset.kind = kind;
      c.label.textContent = LABELS[kind];
      c.label.hidden = kind === 'unchecked';
      if (kind === 'answer') placeholder ??= c.question;
    }
    deps.onPlaceholder(placeholder);
  };

  const draw = (questions: readonly string[]): void => {
    chips = questions.map((question) => {
      const label = el('span', { class: 'chip-label' });
      const button = el('button', { type: 'button', onclick: () => deps.onPick(question) }, question, ' ', label);
      return { question, button, label, asked: null };
    });
    if (chips.length === 0) return replace(element);
    replace(element, el('span', { class: 'muted' }, 'Try: '), ...chips.map((c) => c.button));
    relabel();
  };

  const refresh = (): void => {
    const mine = ++token;
    const db = deps.dbs.current;
    const replay = deps.replay();
    deps.onPlaceholder(null);
    if (db === null || replay === null) return draw([]);
    const records = replay.records.filter((r) => r.db_id === db.dbId).slice(0, EXAMPLES_SHOWN);
    draw(records.map((r) => r.question));
    const profile = deps.profile();
    if (profile === null) return;
    const verifiers = deps.verifiers();
    const registry = askRegistry(
      profile,
      verifiers.map((v) => v.name),
    );
    const shown = chips;
    void (async () => {
      for (const chip of shown) {
        let out;
        try {
          out = await runAsk(
            { question: chip.question, schema: db.schema, dbId: db.dbId },
            {
              generator: replay.generator,
              runMany: (sqls, o) => deps.sqlPool.runMany(db.key, sqls, o),
              verifiers,
              registry,
              profile,
              analyzer: pageAnalyzer(),
            },
          );
        } catch {
          // The labels are optional: when the database closes under them (another file opened meanwhile, whose own
          // refresh follows) or a query fails, the remaining chips keep "checking" until the next refresh.
          return;
        }
        if (mine !== token) return;
        chip.asked = out.ok ? { result: out.result, profile } : 'failed';
        relabel();
      }
    })();
  };
  return { element, refresh, relabel };
}
