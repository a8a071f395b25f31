/**
 * An evaluation report on screen: the summary line, the plots, the same
 * tables as `confide eval`, the exports (labelled candidate file, report JSON,
 * per-question CSV, tables CSV) and "save as a calibration profile".
 */
import { bandLines, floorFlag, signalsWords } from '../profiles/profile-words.ts';
import { serializeCandidateFile } from '../../core/bench/index.ts';
import type { QuestionRecord } from '../../core/bench/index.ts';
import type { EvalReport, SuiteFailure } from '../../core/eval/index.ts';
import { perQuestionCsv, tablesCsv } from '../../core/eval/index.ts';
import { reportSummary, reportTables, type ReportTable } from '../../core/eval/index.ts';
import { el, replace } from '../ui/dom.ts';
import { downloadText } from '../ui/download.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { reportLimits, screenCell } from './report-limits.ts';
import { plainCell, tableNote } from './plain-words.ts';
import { reportPlots } from './plots.ts';

/**
 * One report table as `confide eval` prints it, with a note in plain words
 * under its title, and for rows named in jargon a last column saying what
 * they are (plain-words.ts).
 */
function htmlTable(t: ReportTable, report: EvalReport): HTMLElement {
  const numeric = (s: string): boolean => /^[-+]?(\d|NaN|\[)/.test(s) || s.endsWith('%');
  const note = tableNote(t.id, report);
  const plain = t.rows.map((r) => plainCell(t, r, report));
  const hasPlain = plain.some((p) => p !== null);
  return el(
    'section',
    { class: 'report-table', id: `table-${t.id}`, 'aria-labelledby': `table-${t.id}-title` },
    el('h4', { id: `table-${t.id}-title` }, t.title),
    note === null ? null : el('p', { class: 'table-note', id: `table-${t.id}-note` }, note),
    el(
      'div',
      {
        class: 'table-scroll',
        tabindex: 0,
        role: 'region',
        'aria-labelledby': `table-${t.id}-title`,
        'aria-describedby': note === null ? undefined : `table-${t.id}-note`,
      },
      el(
        'table',
        {},
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ...t.header.map((h, j) => el('th', { scope: 'col', class: j > 0 ? 'num' : undefined }, h)),
            hasPlain ? el('th', { scope: 'col', class: 'plain' }, 'In plain words') : null,
          ),
        ),
        el(
          'tbody',
          {},
          ...t.rows.map((r, i) =>
            el(
              'tr',
              {},
              ...r.map((c, j) => (j === 0 ? el('th', { scope: 'row' }, c) : el('td', { class: numeric(c) ? 'num' : undefined }, screenCell(c)))),
              hasPlain ? el('td', { class: 'plain muted' }, plain[i] ?? '') : null,
            ),
          ),
        ),
      ),
    ),
  );
}

export interface ReportViewInput {
  readonly report: EvalReport;
  /** The candidate records with labels written back, for the candidate-file export. */
  readonly labeled: readonly QuestionRecord[];
  /** Base of exported file names, e.g. "demo-dev". */
  readonly baseName: string;
  readonly profiles: ProfileStore;
  /** Questions skipped for a missing database. */
  readonly skipped: number;
  /** Test-suite databases that could not be opened (the questions they were to check are unlabeled). */
  readonly suiteFailures?: readonly SuiteFailure[];
}

/**
 * Renders the report.
 *
 * @example panel.append(reportView({ report, labeled, baseName: 'spider-dev', profiles, skipped: 0 }));
 */
export function reportView(input: ReportViewInput): HTMLElement {
  const { report } = input;
  const tables = reportTables(report);
  const limits = reportLimits(report);
  return el(
    'section',
    { class: 'report', 'aria-labelledby': 'report-heading' },
    el('h3', { id: 'report-heading' }, 'Report'),
    el(
      'p',
      { class: 'report-summary' },
      screenCell(reportSummary(report)),
      input.skipped > 0 ? ` ${input.skipped} questions were skipped: their database is not in the benchmark.` : '',
    ),
    ...(input.suiteFailures ?? []).map((f) =>
      el(
        'p',
        { class: 'notice', role: 'note' },
        screenCell(`Test-suite database ${f.db_id}/${f.name} could not be opened (${f.message}); the questions it was to check are left unlabeled.`),
      ),
    ),
    reportExports(input, tables),
    saveProfileBox(input, limits),
    el('h4', {}, 'Plots'),
    reportPlots(report, limits.missingWhy),
    el('h4', {}, 'Tables (as printed by confide eval, with plain words beside them)'),
    limits.missingWhy ? el('p', { class: 'notice', id: 'missing-why' }, limits.missingWhy) : null,
    ...tables.map((t) => htmlTable(t, report)),
  );
}

/** The export buttons: report JSON, per-question CSV, tables CSV, the labelled candidate file. */
function reportExports({ report, labeled, baseName }: ReportViewInput, tables: readonly ReportTable[]): HTMLElement {
  const exportButton = (label: string, file: string, type: string, make: () => string) =>
    el('button', { type: 'button', onclick: () => downloadText(file, make(), type) }, label);
  return el(
    'div',
    { class: 'row exports', role: 'group', 'aria-label': 'Export' },
    exportButton('Export report (JSON)', `${baseName}-report.json`, 'application/json', () => JSON.stringify(report, null, 2)),
    exportButton('Export per-question CSV', `${baseName}-questions.csv`, 'text/csv', () => perQuestionCsv(report)),
    exportButton('Export tables CSV', `${baseName}-tables.csv`, 'text/csv', () => tablesCsv(tables)),
    exportButton('Export labelled candidate file', `${baseName}-candidates.jsonl`, 'application/x-ndjson', () => serializeCandidateFile(labeled)),
  );
}

/** "Calibration profile from this run": its warnings, what it is, and Save (off for one class; after a confirmation for a small run), which also makes it the one Ask uses. */
function saveProfileBox({ report, baseName, profiles }: ReportViewInput, limits: ReturnType<typeof reportLimits>): HTMLElement {
  const nameInput = el('input', { type: 'text', id: 'profile-name', value: `${baseName} profile` });
  const saveStatus = el('p', { role: 'status', 'aria-live': 'polite' });
  const save = el('button', { type: 'button', class: 'primary', id: 'profile-save', disabled: limits.oneClass || limits.small }, 'Save and use this profile');
  const understood = el('input', { type: 'checkbox', id: 'profile-small-ok' });
  understood.addEventListener('change', () => (save.disabled = limits.oneClass || !understood.checked));
  save.addEventListener('click', () => {
    if (limits.oneClass || (limits.small && !understood.checked)) return;
    const name = nameInput.value.trim();
    if (name === '') return replace(saveStatus, el('span', { class: 'error' }, 'Give the profile a name.'));
    const r = profiles.save({ ...report.profile, name, provenance: { ...report.profile.provenance, created: new Date().toISOString() } });
    if (!r.ok) return replace(saveStatus, el('span', { class: 'error' }, r.message));
    profiles.setActive(name);
    replace(saveStatus, `Saved "${name}"; Ask now uses it.`);
  });
  const p = report.profile;
  return el(
    'fieldset',
    { class: 'save-profile' },
    el('legend', {}, 'Calibration profile from this run'),
    ...limits.warnings.map((w) => el('p', { class: 'notice profile-warning', role: 'note' }, w)),
    limits.oneClass
      ? el('p', { class: 'muted' }, 'Saving is off for this run.')
      : el(
          'div',
          {},
          el(
            'p',
            { class: 'muted' },
            `One model per pool size, over ${signalsWords(p)}; on whole pools: cross-fit calibration error (ECE) ${Number.isFinite(p.provenance.ece) ? p.provenance.ece.toFixed(3) : 'n/a'}, AUROC ${Number.isFinite(p.provenance.auroc) ? p.provenance.auroc.toFixed(3) : 'n/a'}.`,
          ),
          el('ul', { class: 'muted profile-bands' }, ...bandLines(p).map((line) => el('li', {}, line))),
          floorFlag(p) === null ? null : el('p', { class: 'notice profile-floor', role: 'note' }, floorFlag(p)),
          limits.small
            ? el('p', {}, understood, ' ', el('label', { for: 'profile-small-ok' }, 'I understand these thresholds are rough; save it anyway'))
            : null,
          el('label', { for: 'profile-name' }, 'Profile name'),
          ' ',
          nameInput,
          ' ',
          save,
          saveStatus,
        ),
  );
}
