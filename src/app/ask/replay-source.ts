/**
 * Replayed candidates: the bundled demo file (`demo/candidates.jsonl`, made by
 * Confide's mutation generator from the demo's gold queries) or a candidate
 * file the person loads. Replay stands in for the model only; execution,
 * signals, scoring and the decision still run for real.
 */
import { tryParseCandidateFile } from '../../core/bench/index.ts';
import type { QuestionRecord } from '../../core/bench/index.ts';
import { createReplayGenerator, type Generator } from '../../engines/llm/index.ts';

export const DEMO_CANDIDATES_URL = 'demo/candidates.jsonl';

export interface ReplaySet {
  readonly generator: Generator;
  readonly records: readonly QuestionRecord[];
  /** Where the candidates came from, for the UI ("bundled demo file", a file name). */
  readonly origin: string;
  /** True when every candidate's source is `gold` or `mutation:…` (the mutation generator, not a model). */
  readonly mutationMade: boolean;
}

export type ReplayLoad = { readonly ok: true; readonly set: ReplaySet } | { readonly ok: false; readonly message: string };

/**
 * A replay set from candidate-file text.
 *
 * @example const r = replayFromText(await file.text(), file.name);
 */
export function replayFromText(text: string, origin: string): ReplayLoad {
  const parsed = tryParseCandidateFile(text, origin);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  return { ok: true, set: replayFromRecords(parsed.records, origin) };
}

/**
 * A replay set from records already parsed (a candidate file the person
 * chose is read and parsed off the main thread, streamed: see
 * `readCandidatesOffThread`).
 *
 * @example const set = replayFromRecords(await readCandidatesOffThread(file), file.name);
 */
export function replayFromRecords(records: readonly QuestionRecord[], origin: string): ReplaySet {
  const sources = records.flatMap((r) => r.candidates.map((c) => c.source ?? ''));
  return {
    generator: createReplayGenerator(records),
    records,
    origin,
    mutationMade: sources.length > 0 && sources.every((s) => s === 'gold' || s.startsWith('mutation:')),
  };
}

let demo: Promise<ReplayLoad> | null = null;

/**
 * The bundled demo replay set, fetched once from the app's own origin.
 *
 * @example const r = await demoReplay(); if (r.ok) r.set.records.length; // 40
 */
export function demoReplay(): Promise<ReplayLoad> {
  demo ??= fetch(new URL(DEMO_CANDIDATES_URL, document.baseURI)).then(
    async (response) =>
      response.ok
        ? replayFromText(await response.text(), 'the bundled demo candidate file')
        : { ok: false as const, message: `The demo candidate file could not be loaded (HTTP ${response.status}).` },
    (e: unknown) => ({ ok: false as const, message: `The demo candidate file could not be loaded: ${String(e)}` }),
  );
  return demo;
}
