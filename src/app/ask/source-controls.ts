/**
 * The candidate source's controls and what they show: the "Candidates from"
 * select, the replay file input, verify mode's box, the live model's panel,
 * and the line saying where the candidates come from (the replay file folded
 * into one line that opens on demand, or that it is loading).
 */
import type { OpenDatabase } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { foldLine } from '../ui/fold.ts';
import type { LiveSource, SourceKind } from './source-types.ts';
import type { ReplaySet } from './replay-source.ts';
import { type VerifyPanel, verifyPanel } from './verify-panel.ts';

/** The source's controls and state; its parts read and set it as one closure would. */
export interface SourceControls {
  readonly select: HTMLSelectElement;
  readonly replayFile: HTMLInputElement;
  readonly replayBox: HTMLElement;
  readonly verify: VerifyPanel;
  readonly note: HTMLElement;
  readonly live: LiveSource | undefined;
  /** Called after a replay file is loaded. */
  readonly listeners: (() => void)[];
  replay: ReplaySet | null;
  /** The replay file being read, if one is. */
  reading: AbortController | null;
}

/**
 * The controls, replaying, with no replay file loaded yet.
 *
 * @example const s = sourceControls(deps.live); form.append(s.select);
 */
export function sourceControls(live: LiveSource | undefined): SourceControls {
  const select = el(
    'select',
    { id: 'ask-source' },
    el('option', { value: 'replay' }, 'Replay a candidate file'),
    el('option', { value: 'verify' }, 'Your own SQL (verify mode)'),
    el('option', { value: 'live' }, 'Live model (WebGPU)'),
  );
  const replayFile = el('input', { type: 'file', id: 'ask-replay-file', accept: '.jsonl,.json,application/x-ndjson' });
  return {
    select,
    replayFile,
    replayBox: el('div', {}, fileButton(replayFile, 'Load another candidate file…', 'ask-replay-file-button'), replayFile),
    verify: verifyPanel(),
    note: el('div', { class: 'source-note', 'aria-live': 'polite' }),
    live,
    listeners: [],
    replay: null,
    reading: null,
  };
}

/**
 * The chosen source.
 *
 * @example if (sourceKind(s) === 'verify') s.verify.focus();
 */
export const sourceKind = (s: SourceControls): SourceKind => s.select.value as SourceKind;

/**
 * Shows the chosen source's controls (hiding the others) and its line.
 *
 * @example s.select.addEventListener('change', () => showSource(s));
 */
export function showSource(s: SourceControls): void {
  const { live, note, replay } = s;
  const k = sourceKind(s);
  s.replayBox.hidden = k !== 'replay';
  s.verify.element.hidden = k !== 'verify';
  if (live) live.element.hidden = k !== 'live';
  if (k === 'live')
    return replace(note, live ? '' : el('p', { class: 'notice' }, 'Live generation needs WebGPU and a downloaded model; it is not available in this build.'));
  if (k === 'verify') return replace(note);
  if (replay === null) return replace(note, el('p', { class: 'muted' }, 'Loading the replay file…'));
  // Folded into one line that opens on demand (fold.ts).
  replace(
    note,
    foldLine({
      id: 'replay-notice',
      kind: 'info',
      summary: [el('strong', {}, 'Replay: '), `candidates come from ${replay.origin}`],
      body: [
        el(
          'p',
          {},
          `Candidates come from ${replay.origin}`,
          replay.mutationMade ? ", made by Confide's own mutation generator from reference queries (not by a language model)" : '',
          '. Running the queries, the signals, the score and the decision happen for real in this browser. For other questions, check your own SQL (verify mode) or use a live model.',
        ),
      ],
    }),
  );
}

/**
 * Uses `loaded` as the replay file, shows it and tells the listeners.
 *
 * @example setReplay(s, replayFromRecords(records, f.name));
 */
export function setReplay(s: SourceControls, loaded: ReplaySet): void {
  s.replay = loaded;
  showSource(s);
  for (const l of s.listeners) l();
}

/**
 * Whether the replay file holds questions for `db`.
 *
 * @example replayHas(s, dbs.current);
 */
export function replayHas(s: SourceControls, db: OpenDatabase | null): boolean {
  return db !== null && (s.replay?.records.some((r) => r.db_id === db.dbId) ?? false);
}
