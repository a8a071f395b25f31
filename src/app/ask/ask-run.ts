/**
 * One Ask run: the question through `runAsk` (src/core/pipeline) over the
 * SQL pool, with the chosen verifiers and, for a live model, its judge and
 * sampling settings, the candidates parsed in the page's analysis worker;
 * progress goes to the progress line, and a live model's
 * run also gives what each stage and each model request cost.
 */
import { askRegistry, runAsk } from '../../core/pipeline/index.ts';
import type { AskOutcome, AskStage, CandidateGenerator, Verifier } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { pageAnalyzer } from '../analysis-client.ts';
import type { OpenDatabase } from '../database/database.ts';
import type { ProgressView } from '../ui/progress.ts';
import { askCosts, type StageSeconds } from './ask-costs.ts';
import type { LiveSource } from './source-types.ts';

/** Seconds in each stage, from when each was first reported to when the next one (or the Ask) began. */
function stageSeconds(starts: ReadonlyMap<AskStage, number>, end: number): StageSeconds {
  const order: AskStage[] = ['generate', 'execute', 'score', 'signals'];
  const out: Partial<Record<AskStage, number>> = {};
  order.forEach((stage, i) => {
    const from = starts.get(stage);
    if (from === undefined) return;
    const next =
      order
        .slice(i + 1)
        .map((s) => starts.get(s))
        .find((t) => t !== undefined) ?? end;
    out[stage] = (next - from) / 1000;
  });
  return out;
}

export interface AskRun {
  readonly sqlPool: SqlPool;
  readonly db: OpenDatabase;
  readonly profile: CalibrationProfile;
  /** The question and the optional hint, trimmed ('' for no hint). */
  readonly question: string;
  readonly evidence: string;
  readonly generator: CandidateGenerator;
  /** The live model, when it is the source: its judge and settings are used and its requests counted. */
  readonly live: LiveSource | undefined;
  /** Verifiers chosen on the form (the reward model when ticked); a live model's judge is added. */
  readonly verifiers: readonly Verifier[];
  readonly progress: ProgressView;
}

/**
 * Runs one Ask; `costs` is the costs table of a live model's run, else null.
 *
 * @example
 * const { out, costs } = await askWithCosts({ sqlPool, db, profile, question, evidence: '', generator, live: undefined, verifiers: [], progress });
 */
export async function askWithCosts(run: AskRun): Promise<{ out: AskOutcome; costs: HTMLElement | null }> {
  const { sqlPool, db, profile, live, progress } = run;
  const signal = progress.start('Asking');
  const judge = live?.judge() ?? null;
  const requests = live?.track();
  const began = performance.now();
  const stageStart = new Map<AskStage, number>();
  const verifiers = [...run.verifiers, ...(judge ? [judge] : [])];
  const out = await runAsk(
    {
      question: run.question,
      ...(run.evidence ? { evidence: run.evidence } : {}),
      schema: db.schema,
      dbId: db.dbId,
      ...(live ? { n: live.settings().n, temperature: live.settings().temperature, seed: 1 } : {}),
    },
    {
      generator: run.generator,
      runMany: (sqls, o, onProgress) => {
        // The execute stage begins here: runAsk reports its first progress only once queries finish.
        if (!stageStart.has('execute')) stageStart.set('execute', performance.now());
        return sqlPool.runMany(db.key, sqls, o, onProgress);
      },
      verifiers,
      registry: askRegistry(
        profile,
        verifiers.map((v) => v.name),
      ),
      profile,
      analyzer: pageAnalyzer(), // candidates are parsed in the analysis worker, never on the page's thread
    },
    {
      signal,
      onProgress: (p) => {
        if (!stageStart.has(p.stage)) stageStart.set(p.stage, performance.now());
        progress.update(p.progress, `${p.stage}: ${p.text}`);
      },
    },
  );
  const costs = requests ? askCosts(stageSeconds(stageStart, performance.now()), requests(), (performance.now() - began) / 1000) : null;
  return { out, costs };
}
