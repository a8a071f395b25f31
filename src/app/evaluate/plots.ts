/**
 * The evaluation's plots, drawn with Observable Plot from the report's own
 * curves (nothing recomputed here): ROC curves per signal, the reliability
 * diagram of the combined score with each bin's count, risk–coverage curves
 * with the chosen operating points (the reliability score's note beside
 * them; their labels placed clear of each other and of the axes,
 * plot-layout.ts), and Best-of-N accuracy against N. Each plot sits in a <figure> with
 * a caption; the tables below hold the numbers. A plot is drawn at the width
 * its figure has (and drawn again when that changes by much), so it uses the
 * space there is; its colours follow the page's (light or dark): text in
 * currentColor, marks in the page's CSS variables.
 */
import * as Plot from '@observablehq/plot';
import type { EvalReport } from '../../core/eval/index.ts';
import { el } from '../ui/dom.ts';
import { placeLabels } from '../ui/plot-layout.ts';
import { reliabilityNote } from './reliability-note.ts';

/** Plot size: at least MIN_WIDTH wide (a narrow screen scrolls the figure), height in proportion up to MAX_HEIGHT. */
const MIN_WIDTH = 320;
const MAX_HEIGHT = 440;

/** A plot's width and height. */
interface Size {
  readonly width: number;
  readonly height: number;
}

/** The size for a figure whose content box is `width` pixels wide. */
const sizeFor = (width: number): Size => {
  const w = Math.max(MIN_WIDTH, Math.floor(width));
  return { width: w, height: Math.round(Math.min(MAX_HEIGHT, Math.max(280, w * 0.62))) };
};

/**
 * A figure that draws `draw(size)` at its own width once it is laid out, and
 * again when its width changes by more than 40 px.
 */
function figure(id: string, caption: string, draw: (size: Size) => Element): HTMLElement {
  const fig = el('figure', { class: 'plot', id: `plot-${id}`, 'data-plot': id }, el('figcaption', { class: 'muted' }, caption));
  let drawn = 0;
  const render = (width: number): void => {
    if (width <= 0 || Math.abs(width - drawn) <= 40) return;
    drawn = width;
    const plot = draw(sizeFor(width));
    plot.setAttribute('role', 'img');
    plot.setAttribute('aria-label', caption);
    fig.querySelector(':scope > svg, :scope > figure, :scope > div')?.remove();
    fig.prepend(plot);
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver((entries) => render(entries[0]?.contentRect.width ?? 0)).observe(fig);
  else render(sizeFor(0).width);
  return fig;
}

/** ROC curves, one per signal and the combined score. */
function rocPlot(r: EvalReport, { width, height }: Size): Element {
  const data = Object.entries(r.curves.roc).flatMap(([scorer, pts]) => pts.map((p) => ({ scorer, fpr: p.fpr, tpr: p.tpr })));
  return Plot.plot({
    width,
    height,
    grid: true,
    x: { label: 'False-positive rate', domain: [0, 1] },
    y: { label: 'True-positive rate', domain: [0, 1] },
    color: { legend: true },
    marks: [
      Plot.line(
        [
          [0, 0],
          [1, 1],
        ],
        { stroke: 'currentColor', strokeOpacity: 0.35, strokeDasharray: '4,4' },
      ),
      Plot.line(data, { x: 'fpr', y: 'tpr', stroke: 'scorer', strokeWidth: (d: { scorer: string }) => (d.scorer === 'combined' ? 3 : 1.5) }),
    ],
  });
}

/** Reliability diagram: accuracy per confidence bin, the diagonal, and each bin's count. */
function reliabilityPlot(r: EvalReport, { width, height }: Size): Element {
  const bins = r.combiner.reliability.filter((b) => b.count > 0);
  return Plot.plot({
    width,
    height,
    grid: true,
    x: { label: 'Predicted P(correct) (bin)', domain: [0, 1] },
    y: { label: 'Observed accuracy', domain: [0, 1.08] },
    marks: [
      Plot.rectY(bins, { x1: 'lo', x2: 'hi', y: 'accuracy', fill: 'var(--plot-mark)', fillOpacity: 0.35, inset: 1 }),
      Plot.line(
        [
          [0, 0],
          [1, 1],
        ],
        { stroke: 'currentColor', strokeOpacity: 0.5, strokeDasharray: '4,4' },
      ),
      Plot.dot(bins, { x: 'meanConfidence', y: 'accuracy', fill: 'var(--plot-mark)' }),
      Plot.text(bins, {
        x: (b: { lo: number; hi: number }) => (b.lo + b.hi) / 2,
        y: 'accuracy',
        text: (b: { count: number }) => `n=${b.count}`,
        dy: -10,
        fontSize: 10,
      }),
    ],
  });
}

/** The risk–coverage plot's margins, fixed so its labels can be placed in pixels before Plot draws. */
const RC_MARGIN = { top: 20, right: 20, bottom: 36, left: 44 } as const;

/**
 * Labels of the operating points: one per distinct point ("target 0.2, 0.3"
 * when several targets share a threshold), each placed clear of the others
 * and inside the frame (plot-layout.ts), then turned back into data
 * coordinates for Plot.
 */
function pointLabels(points: readonly { coverage: number; risk: number; label: string; best: boolean }[], { width, height }: Size) {
  const w = width - RC_MARGIN.left - RC_MARGIN.right;
  const h = height - RC_MARGIN.top - RC_MARGIN.bottom;
  const merged = new Map<string, { coverage: number; risk: number; label: string; best: boolean }>();
  for (const p of points) {
    const key = `${p.best}:${p.coverage}:${p.risk}`;
    const seen = merged.get(key);
    merged.set(key, seen === undefined ? { ...p } : { ...seen, label: `${seen.label}, ${p.label.replace(/^target /, '')}` });
  }
  const list = [...merged.values()];
  const placed = placeLabels(
    list.map((p) => ({ x: RC_MARGIN.left + p.coverage * w, y: RC_MARGIN.top + (1 - p.risk) * h, text: p.label })),
    { x0: RC_MARGIN.left, y0: RC_MARGIN.top, x1: width - RC_MARGIN.right, y1: height - RC_MARGIN.bottom },
  );
  return placed.map((l, i) => ({
    coverage: (l.at.x - RC_MARGIN.left) / w,
    risk: 1 - (l.at.y - RC_MARGIN.top) / h,
    label: l.text,
    anchor: l.anchor,
    best: list[i]!.best,
  }));
}

/** Risk–coverage curves with the combined score's operating points (test half) at each target risk and at the best RS(10). */
function riskCoveragePlot(r: EvalReport, size: Size): Element {
  const { width, height } = size;
  const data = Object.entries(r.curves.risk_coverage).flatMap(([scorer, c]) => c.points.map((p) => ({ scorer, coverage: p.coverage, risk: p.risk })));
  const points = r.selective.flatMap((s) => ('none' in s ? [] : [{ coverage: s.coverage, risk: s.risk, label: `target ${s.target_risk}`, best: false }]));
  const b = r.reliability_score.best;
  const best = b.answered > 0 ? [{ coverage: b.coverage, risk: b.risk, label: `best RS(${b.c})`, best: true }] : [];
  const labels = pointLabels([...points, ...best], size);
  const text = (anchor: 'start' | 'middle' | 'end', best: boolean) =>
    Plot.text(
      labels.filter((l) => l.anchor === anchor && l.best === best),
      {
        x: 'coverage',
        y: 'risk',
        text: 'label',
        textAnchor: anchor,
        fontSize: 10,
        ...(best ? { fill: 'var(--plot-best)' } : {}),
      },
    );
  return Plot.plot({
    width,
    height,
    grid: true,
    marginTop: RC_MARGIN.top,
    marginRight: RC_MARGIN.right,
    marginBottom: RC_MARGIN.bottom,
    marginLeft: RC_MARGIN.left,
    x: { label: 'Coverage (share answered)', domain: [0, 1] },
    y: { label: 'Risk (share of answers wrong)', domain: [0, 1] },
    color: { legend: true },
    marks: [
      Plot.line(data, {
        x: 'coverage',
        y: 'risk',
        stroke: 'scorer',
        curve: 'step-before',
        strokeWidth: (d: { scorer: string }) => (d.scorer === 'combined' ? 3 : 1.5),
      }),
      Plot.dot(points, { x: 'coverage', y: 'risk', r: 5, fill: 'currentColor', symbol: 'diamond' }),
      Plot.dot(best, { x: 'coverage', y: 'risk', r: 6, fill: 'var(--plot-best)', symbol: 'star' }),
      ...(['start', 'middle', 'end'] as const).flatMap((a) => [text(a, false), text(a, true)]),
    ],
  });
}

/** Best-of-N accuracy against N, one line per strategy. */
function accuracyPlot(r: EvalReport, { width, height }: Size): Element {
  const data = r.accuracy_vs_n.filter((p) => Number.isFinite(p.accuracy));
  return Plot.plot({
    width,
    height,
    grid: true,
    x: { label: 'N (candidates per question)', type: 'log', base: 2 },
    y: { label: 'Accuracy', domain: [0, 1] },
    color: { legend: true },
    marks: [Plot.line(data, { x: 'n', y: 'accuracy', stroke: 'strategy' }), Plot.dot(data, { x: 'n', y: 'accuracy', fill: 'strategy', r: 3 })],
  });
}

/**
 * All four plots; the ROC plot is replaced by a note saying why when it is
 * undefined (`undefinedWhy`, or no curve has points).
 *
 * @example panel.append(reportPlots(report, reportLimits(report).missingWhy));
 */
export function reportPlots(r: EvalReport, undefinedWhy: string | null = null): HTMLElement {
  const rocDefined = undefinedWhy === null && Object.values(r.curves.roc).some((pts) => pts.length > 0);
  return el(
    'div',
    { class: 'plots' },
    rocDefined
      ? figure('roc', 'ROC curves per signal and the combined score (dashed: chance).', (size) => rocPlot(r, size))
      : el(
          'figure',
          { class: 'plot undefined', id: 'plot-roc', 'data-plot': 'roc' },
          el('p', { class: 'notice' }, `No ROC curve: ${undefinedWhy ?? 'no signal has both right and wrong answers to separate.'}`),
        ),
    figure(
      'reliability',
      'Reliability of the combined score: observed accuracy per bin of predicted P(correct), with the number of questions in each bin (dashed: perfect calibration).',
      (size) => reliabilityPlot(r, size),
    ),
    figure(
      'risk-coverage',
      "Risk–coverage curves; diamonds: the combined score's operating points at each target risk; star: the threshold with the best reliability score RS(10) (thresholds from the calibration half, measured on the test half).",
      (size) => riskCoveragePlot(r, size),
    ),
    reliabilityNote(r),
    figure('accuracy-vs-n', 'Best-of-N accuracy against the number of candidates N, per selection strategy.', (size) => accuracyPlot(r, size)),
  );
}
