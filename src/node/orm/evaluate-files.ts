/**
 * Measures a shipped ORM (the int8 ONNX model, through the same session code
 * the browser uses) on a labeled candidate file, scoring each question's
 * candidates in one run as the app does. Reports AUROC, Best-of-N selection
 * accuracy and its ceiling, the accuracy of taking each question's first
 * kept candidate, and a breakdown by candidate source (which kinds of
 * candidate the model accepts or rejects), for the model card.
 */
import { basename } from 'node:path';
import { summarizeScores, type Evaluation } from '../../core/orm/training/evaluate.ts';
import { labeledItems, type ExampleStats, type LabeledItem } from '../../core/orm/training/examples.ts';
import { loadLabeledData } from './load.ts';
import { loadOrmScorer } from './score.ts';
import { scoresOrThrow } from '../../engines/orm/engine.ts';

export interface OrmTestReport {
  readonly model: string;
  readonly data: string;
  readonly stats: ExampleStats;
  readonly orm: Evaluation;
  /** Share of questions whose first kept candidate is correct (no selection). */
  readonly firstCandidateAccuracy: number;
  /**
   * Per candidate `source` (a repeated `synth:mutation:x` counts as `mutation:x`):
   * candidates, the share labeled correct, the mean score, and the share the
   * model calls correct (score ≥ 0.5). Sorted by count, largest first.
   */
  readonly bySource: readonly { source: string; n: number; correct: number; meanScore: number; accepted: number }[];
  readonly seconds: number;
}

function bySource(items: readonly LabeledItem[], scores: Float32Array): OrmTestReport['bySource'] {
  const acc = new Map<string, { n: number; y: number; s: number; a: number }>();
  items.forEach((x, i) => {
    const key = (x.source ?? 'unknown').replace(/^synth:/, '');
    const b = acc.get(key) ?? { n: 0, y: 0, s: 0, a: 0 };
    b.n++;
    b.y += x.y;
    b.s += scores[i]!;
    b.a += scores[i]! >= 0.5 ? 1 : 0;
    acc.set(key, b);
  });
  const r4 = (v: number): number => Number(v.toFixed(4));
  return [...acc]
    .map(([source, b]) => ({ source, n: b.n, correct: r4(b.y / b.n), meanScore: r4(b.s / b.n), accepted: r4(b.a / b.n) }))
    .sort((a, b) => b.n - a.n);
}

/**
 * Scores every kept candidate of `candidates` with the model of `sidecarPath`.
 *
 * @example
 * const r = await evaluateOrmOnFiles({ sidecarPath: 'public/models/orm-v1.json', candidates: 'runs/dev.jsonl', bench: '../shared/data/spider' });
 * console.log(r.orm.auroc, r.orm.selectionAccuracy, r.firstCandidateAccuracy);
 */
export async function evaluateOrmOnFiles(o: { sidecarPath: string; candidates: string; bench: string; keepErrors?: boolean }): Promise<OrmTestReport> {
  const t0 = performance.now();
  const scorer = await loadOrmScorer(o.sidecarPath);
  try {
    const { records, schemas } = await loadLabeledData(o.candidates, o.bench);
    const { items, stats } = labeledItems(records, schemas, scorer.sidecar.featurizer, { keepErrors: o.keepErrors ?? false });
    const scores = new Float32Array(items.length);
    const first = new Map<string, number>();
    for (let s = 0; s < items.length; ) {
      let e = s;
      while (e < items.length && items[e]!.question === items[s]!.question) e++;
      scores.set(scoresOrThrow(await scorer.score(items.slice(s, e).map((x) => x.item))), s);
      first.set(items[s]!.question, items[s]!.y);
      s = e;
    }
    const firstCorrect = [...first.values()].filter((y) => y === 1).length;
    return {
      model: basename(o.sidecarPath),
      data: basename(o.candidates),
      stats,
      orm: summarizeScores(items, scores),
      firstCandidateAccuracy: first.size === 0 ? NaN : firstCorrect / first.size,
      bySource: bySource(items, scores),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    await scorer.unload();
  }
}
