/**
 * One-click example questions beside the question box, for the open database
 * when the replay file holds questions for it. Each is asked through the same
 * pipeline in the background (replayed candidates, the active profile) so its
 * label says truthfully whether Confide answers it or abstains at the current
 * risk; clicking one asks it. The first answering example becomes the
 * placeholder of the question box.
 */
import { askRegistry, decide, runAsk, type AskResult, type Verifier } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database.ts';
import { el, replace } from '../dom.ts';
import type { ReplaySet } from './replay-source.ts';
import { pageAnalyzer } from '../analysis-client.ts';

/** How many replay questions are tried for examples (each is one quick Ask). */
export const EXAMPLES_TRIED = 16;
const ANSWERING_SHOWN = 3;
const ABSTAINING_SHOWN = 2;

export interface ExampleChips {
  readonly element: HTMLElement;
  /** Recomputes for the current database, replay file and profile. */
  refresh(): void;
  /** Re-decides the computed examples at the current risk. */
  relabel(): void;
}

export interface ExampleChipsDeps {
  readonly pool: SqlPool;
  readonly dbs: DatabaseController;
  replay(): ReplaySet | null;
  profile(): CalibrationProfile | null;
  risk(): number;
  /** The verifiers Ask would score with, so a chip's label is the decision Ask would make. */
  verifiers(): readonly Verifier[];
  onPick(question: string): void;
  onPlaceholder(question: string | null): void;
}

/**
 * Builds the chips row.
 *
 * @example const chips = exampleChips({ pool, dbs, replay, profile, risk, onPick: ask, onPlaceholder });
 */
export function exampleChips(deps: ExampleChipsDeps): ExampleChips {
  const element = el('div', { class: 'example-chips', 'aria-label': 'Example questions' });
  let asked: { question: string; result: AskResult; profile: CalibrationProfile }[] = [];
  let token = 0;

  const relabel = (): void => {
    const decided = asked.map((a) => ({ ...a, kind: decide(a.result, a.profile, deps.risk()).kind }));
    const answering = decided.filter((d) => d.kind === 'answer').slice(0, ANSWERING_SHOWN);
    const abstaining = decided.filter((d) => d.kind === 'abstain').slice(0, ABSTAINING_SHOWN);
    deps.onPlaceholder(answering[0]?.question ?? null);
    if (answering.length + abstaining.length === 0) return replace(element);
    const chip = (d: (typeof decided)[number]) => el('button', {
      type: 'button', class: `chip ${d.kind}`, 'data-kind': d.kind, onclick: () => deps.onPick(d.question),
    }, d.question, ' ', el('span', { class: 'chip-label' }, d.kind === 'answer' ? 'answers' : 'abstains'));
    replace(element, el('span', { class: 'muted' }, 'Try: '), ...answering.map(chip), ...abstaining.map(chip));
  };

  const refresh = (): void => {
    const mine = ++token;
    asked = [];
    replace(element);
    deps.onPlaceholder(null);
    const db = deps.dbs.current;
    const replay = deps.replay();
    const profile = deps.profile();
    if (db === null || replay === null || profile === null) return;
    const records = replay.records.filter((r) => r.db_id === db.dbId).slice(0, EXAMPLES_TRIED);
    const verifiers = deps.verifiers();
    const registry = askRegistry(profile, verifiers.map((v) => v.name));
    void (async () => {
      for (const r of records) {
        let out;
        try {
          out = await runAsk(
            { question: r.question, schema: db.schema, dbId: db.dbId },
            { generator: replay.generator, runMany: (sqls, o) => deps.pool.runMany(db.key, sqls, o), verifiers, registry, profile, analyzer: pageAnalyzer() },
          );
        } catch {
          // The examples are optional: when their database closes under them (another file opened meanwhile, whose
          // own refresh follows) or a query fails, there are simply no chips from this round.
          return;
        }
        if (mine !== token) return;
        if (out.ok) asked.push({ question: r.question, result: out.result, profile });
      }
      relabel();
    })();
  };
  return { element, refresh, relabel };
}
