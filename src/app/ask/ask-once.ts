/**
 * One Ask: the question, its hint and the chosen source's candidates (or an
 * edited pool) through the pipeline on the open database, with the active
 * profile and the verifiers chosen; then the result area shows the outcome
 * and its costs. "Edit and check again" asks once more with the edit.
 */
import { type AskResult, type CandidateGenerator, fixedCandidates, parseCandidateText } from '../../core/pipeline/index.ts';
import { askWithCosts } from './ask-run.ts';
import { tickedVerifiers } from './verifier-toggle.ts';
import type { AskParts } from './ask-parts.ts';
import { editedPool, poolText } from './edit-pool.ts';

/**
 * One Ask; `given`: candidates to check instead of the chosen source's (an edited pool).
 *
 * @example form.addEventListener('submit', () => void askOnce(parts));
 */
export async function askOnce(p: AskParts, given?: CandidateGenerator): Promise<void> {
  const { deps, result, progress, sources } = p;
  const db = deps.dbs.current;
  const profile = deps.profiles.active();
  result.clearMessages();
  const hint = p.draft.hintForAsk();
  p.draft.save();
  if (db === null) return result.showError('Open a database first.');
  if (profile === null) return result.showError('No calibration profile is available; import one under Profiles.');
  const generator = given ?? sources.generator(db, result);
  if (generator === null) return result.drop();
  p.submit.disabled = true;
  result.clearCosts();
  const { out, costs } = await askWithCosts({
    sqlPool: deps.sqlPool,
    db,
    profile,
    generator,
    progress,
    question: p.question.value.trim(),
    evidence: hint,
    live: sources.kind() === 'live' ? deps.live : undefined,
    verifiers: tickedVerifiers(p.toggles),
  });
  p.submit.disabled = false;
  if (costs !== null) result.showCosts(costs);
  if (deps.dbs.current !== db) return progress.finish('The database changed; ask again.');
  progress.finish(!out.ok && out.error.code === 'ABORTED' ? 'Stopped.' : '');
  result.show(out, profile);
  if (out.ok) p.risk.setPool(out.result.candidates.length);
}

/**
 * "Edit and check again": the pool with the edit, through the same pipeline (in verify mode, by way of the box).
 *
 * @example recheck(parts, last, 0, 'SELECT count(*) FROM books');
 */
export function recheck(p: AskParts, last: AskResult, index: number, sql: string): void {
  const pool = editedPool(last, index, sql);
  if (p.sources.kind() !== 'verify') return void askOnce(p, fixedCandidates(pool));
  const read = parseCandidateText(p.sources.verify.text());
  p.sources.verify.setText(poolText(pool, read.ok && read.format === 'jsonl'), true);
  void askOnce(p);
}
