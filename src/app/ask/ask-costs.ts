/**
 * Where one live Ask's time went: the model's own work (prefills and
 * decoding, as web-llm measured them, candidates and judge apart) against the
 * pipeline's stages (generation, running the SQL, scoring, signals and the
 * decision) as the page timed them. The difference is what the app adds on
 * top of the model. The figures also sit in data attributes, so a test reads
 * what a person sees.
 */
import type { ModelRequest } from '../../engines/llm/index.ts';
import { el } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';

/** Seconds spent in each stage of `runAsk`, as the page timed them (a stage not reached is absent). */
export interface StageSeconds {
  readonly generate?: number;
  readonly execute?: number;
  readonly score?: number;
  readonly signals?: number;
}

/** The figures of {@link askCosts}, all in seconds. */
export interface AskCostFigures {
  readonly prefills: number;
  readonly prefillSeconds: number;
  readonly decodeSeconds: number;
  readonly modelSeconds: number;
  readonly generateSeconds: number;
  readonly execSeconds: number;
  /** Scoring (verifiers, the judge included) plus signals, P(correct) and the decision. */
  readonly scoreSeconds: number;
  readonly totalSeconds: number;
  /** `finish_reason` of each request, in order. */
  readonly finishReasons: readonly string[];
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * The figures from the stages and the requests.
 *
 * @example costFigures({ generate: 100, execute: 0.1, score: 50, signals: 0.01 }, requests, 150.2).prefills
 */
export function costFigures(stages: StageSeconds, requests: readonly ModelRequest[], totalSeconds: number): AskCostFigures {
  const prefillSeconds = sum(requests.map((r) => r.prefillSeconds));
  const decodeSeconds = sum(requests.map((r) => r.decodeSeconds));
  return {
    prefills: requests.length,
    prefillSeconds,
    decodeSeconds,
    modelSeconds: prefillSeconds + decodeSeconds,
    generateSeconds: stages.generate ?? 0,
    execSeconds: stages.execute ?? 0,
    scoreSeconds: (stages.score ?? 0) + (stages.signals ?? 0),
    totalSeconds,
    finishReasons: requests.map((r) => r.finishReason),
  };
}

const s = (x: number): string => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} s`;

/**
 * The view: one paragraph, figures in data attributes.
 *
 * @example box.append(askCosts(stageSeconds, live.track()(), 150.2));
 */
export function askCosts(stages: StageSeconds, requests: readonly ModelRequest[], totalSeconds: number): HTMLElement {
  const f = costFigures(stages, requests, totalSeconds);
  const samples = requests.filter((r) => r.kind === 'sample');
  const judged = requests.filter((r) => r.kind !== 'sample');
  const tokens = requests.map((r) => r.promptTokens);
  const aborted = requests.filter((r) => r.finishReason === 'abort').length;
  const data: Record<string, string> = {
    class: 'ask-costs muted',
    'data-prefills': String(f.prefills),
    'data-prefill-s': f.prefillSeconds.toFixed(3),
    'data-decode-s': f.decodeSeconds.toFixed(3),
    'data-model-s': f.modelSeconds.toFixed(3),
    'data-generate-s': f.generateSeconds.toFixed(3),
    'data-exec-s': f.execSeconds.toFixed(3),
    'data-score-s': f.scoreSeconds.toFixed(3),
    'data-total-s': f.totalSeconds.toFixed(3),
    'data-finish-reasons': f.finishReasons.join(','),
    'data-prompt-tokens': tokens.join(','),
  };
  return el(
    'p',
    data,
    el('strong', {}, `Where the time went (${s(totalSeconds)}): `),
    `the model prefilled a prompt ${plural(f.prefills, 'time')} (${plural(samples.length, 'candidate request')}, ${plural(judged.length, 'judge question')}`,
    tokens.length > 0 ? `; ${Math.min(...tokens)}–${Math.max(...tokens)} prompt tokens each` : '',
    `) in ${s(f.prefillSeconds)} and decoded for ${s(f.decodeSeconds)}; `,
    `generation took ${s(f.generateSeconds)} in all, running the SQL ${s(f.execSeconds)}, scoring and the decision ${s(f.scoreSeconds)}. `,
    `The app's own share: ${s(Math.max(0, totalSeconds - f.modelSeconds))}.`,
    aborted > 0 ? ` Stopped: ${plural(aborted, 'request')} ended with finish reason "abort".` : '',
  );
}
