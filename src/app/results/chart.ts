/**
 * A chart of a query result, with no code: the person picks bar, line or
 * scatter and two columns (x, and a column of numbers for y), and Observable
 * Plot draws it. Rows whose y is not a number are left out and counted; a bar
 * chart draws at most MAX_BARS bars (the first rows, in the result's order,
 * which is also the bars' order) and says so; a line joins the points in x order. X values that are all ISO
 * dates (`2024-03-01…`) are drawn on a time axis. Drawn only when opened, at
 * the width there is (again when it changes much), with room for every
 * label (plot-layout.ts: bar labels turn or thin out rather than be cut).
 */
import * as Plot from '@observablehq/plot';
import type { Cell, ExecSuccess } from '../../core/exec/types.ts';
import { el, replace, uid } from '../ui/dom.ts';
import { displayName, formatCell, plural } from '../ui/format.ts';
import { barAxis, CHAR_PX, LABEL_CHARS } from '../ui/plot-layout.ts';

export type ChartKind = 'bar' | 'line' | 'scatter';

/** Most bars one bar chart draws. */
export const MAX_BARS = 200;

export interface ChartPoint {
  readonly x: string | number | Date;
  readonly y: number;
}

export interface ChartData {
  readonly points: readonly ChartPoint[];
  /** Rows left out because their y is not a number (NULL, text, a blob). */
  readonly skipped: number;
  /** Rows with a numeric y past MAX_BARS, left out of a bar chart. */
  readonly beyond: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Whether some value of column `c` is a number (a column y can use). */
export const isNumericColumn = (result: Pick<ExecSuccess, 'rows'>, c: number): boolean => result.rows.some((r) => typeof r[c] === 'number');

/**
 * The points a chart of `kind` draws from columns `x` and `y` (indexes).
 *
 * @example
 * chartData({ columns: ['g', 'n'], rows: [['a', 2], ['b', null]] }, 'bar', 0, 1);
 * // { points: [{ x: 'a', y: 2 }], skipped: 1, beyond: 0 }
 */
export function chartData(result: Pick<ExecSuccess, 'rows'>, kind: ChartKind, x: number, y: number): ChartData {
  const numeric = result.rows.filter((r) => typeof r[y] === 'number');
  const kept = kind === 'bar' ? numeric.slice(0, MAX_BARS) : numeric;
  const xs: readonly Cell[] = kept.map((r) => r[x] ?? null);
  const dates = kind !== 'bar' && xs.length > 0 && xs.every((v) => typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)));
  const numbers = kind !== 'bar' && xs.every((v) => typeof v === 'number');
  const xOf = (v: Cell): string | number | Date => (dates ? new Date(Date.parse(v as string)) : numbers ? (v as number) : formatCell(v));
  const points = kept.map((r) => ({ x: xOf(r[x] ?? null), y: r[y] as number }));
  if (kind === 'line') points.sort((a, b) => (a.x < b.x ? -1 : a.x > b.x ? 1 : 0));
  return { points, skipped: result.rows.length - numeric.length, beyond: numeric.length - kept.length };
}

/** Plot size: the figure's width (at least MIN_WIDTH, at most MAX_WIDTH), height in proportion. */
const MIN_WIDTH = 300;
const MAX_WIDTH = 960;
/** The figure's padding and border around the plot (styles.css `.plot`), in px. */
const FIGURE_INSET = 20;

/** The Plot drawing of `data`, `width` px wide; a bar chart's x labels get the room they need (plot-layout.ts). */
function drawing(data: ChartData, kind: ChartKind, xLabel: string, yLabel: string, width: number): Element {
  const marks =
    kind === 'bar'
      ? [Plot.barY(data.points, { x: 'x', y: 'y', fill: '#4e79a7' }), Plot.ruleY([0])]
      : kind === 'line'
        ? [Plot.lineY(data.points, { x: 'x', y: 'y', stroke: '#4e79a7', strokeWidth: 2 }), Plot.dot(data.points, { x: 'x', y: 'y', fill: '#4e79a7', r: 2 })]
        : [Plot.dot(data.points, { x: 'x', y: 'y', stroke: '#4e79a7' })];
  const yChars = Math.max(...data.points.map((p) => Math.abs(p.y).toLocaleString('en-US', { maximumFractionDigits: 1 }).length)) + 1;
  const height = Math.round(Math.min(420, Math.max(280, width * 0.56)));
  // Labels are names and values from the data: each drawn shortened and isolated (displayName), however long.
  const tick = (d: unknown): string => displayName(String(d), LABEL_CHARS - 1);
  const textTicks = data.points.some((p) => typeof p.x === 'string');
  if (kind !== 'bar') {
    return Plot.plot({
      width,
      height,
      grid: true,
      marginLeft: Math.max(40, Math.ceil(yChars * CHAR_PX + 14)),
      marginRight: 24,
      x: { label: displayName(xLabel), ...(textTicks ? { tickFormat: tick } : {}) },
      y: { label: displayName(yLabel) },
      marks,
    });
  }
  // Bars keep the result's order (its ORDER BY); their labels turn, and thin out, when they would not fit side by side.
  const labels = [...new Set(data.points.map((p) => String(p.x)))];
  const axis = barAxis(labels, width, yChars);
  return Plot.plot({
    width,
    height: height + axis.marginBottom - 40,
    grid: true,
    marginLeft: axis.marginLeft,
    marginRight: 20,
    marginBottom: axis.marginBottom,
    x: { label: displayName(xLabel), domain: labels, ticks: axis.ticks, tickFormat: tick, ...(axis.rotate === 0 ? {} : { tickRotate: axis.rotate }) },
    y: { label: displayName(yLabel) },
    marks,
  });
}

/**
 * A collapsed "Chart" panel under a result (null when the result has no rows).
 *
 * @example out.append(resultTable(r), resultChart(r) ?? '');
 */
export function resultChart(result: ExecSuccess): HTMLElement | null {
  if (result.rows.length === 0 || result.columns.length === 0) return null;
  const numeric = result.columns.map((_, c) => c).filter((c) => isNumericColumn(result, c));
  const choice = (id: string, label: string, options: readonly [string, string][], value: string): [HTMLElement, HTMLSelectElement] => {
    const select = el('select', { id }, ...options.map(([v, text]) => el('option', { value: v, selected: v === value }, text)));
    return [el('span', {}, el('label', { for: id }, label), ' ', select), select];
  };
  const columns = result.columns.map((name, c): [string, string] => [String(c), displayName(name)]);
  const yDefault = numeric.find((c) => c !== 0) ?? numeric[0];
  const [kindBox, kind] = choice(
    uid('chart-kind'),
    'Kind',
    [
      ['bar', 'Bar'],
      ['line', 'Line'],
      ['scatter', 'Scatter'],
    ],
    'bar',
  );
  const [xBox, xSel] = choice(uid('chart-x'), 'x', columns, '0');
  const [yBox, ySel] = choice(
    uid('chart-y'),
    'y',
    columns.filter(([v]) => numeric.includes(Number(v))),
    String(yDefault ?? ''),
  );
  const figureBox = el('div', { class: 'chart-figure' });
  let drawnWidth = 0;
  const details = el('details', { class: 'result-chart' }, el('summary', {}, 'Chart'));

  const draw = (): void => {
    if (yDefault === undefined) return replace(figureBox, el('p', { class: 'muted' }, 'A chart needs a column of numbers for y; this result has none.'));
    const k = kind.value as ChartKind;
    const x = Number(xSel.value);
    const y = Number(ySel.value);
    const data = chartData(result, k, x, y);
    const yName = displayName(result.columns[y] ?? '');
    if (data.points.length === 0) return replace(figureBox, el('p', { class: 'muted' }, `No row has a number in ${yName}.`));
    const caption = `${k === 'bar' ? 'Bar chart' : k === 'line' ? 'Line chart' : 'Scatter plot'} of ${yName} by ${displayName(result.columns[x] ?? '')}`;
    drawnWidth = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(figureBox.clientWidth) - FIGURE_INSET));
    const plot = drawing(data, k, result.columns[x] ?? '', result.columns[y] ?? '', drawnWidth);
    plot.setAttribute('role', 'img');
    plot.setAttribute('aria-label', caption);
    const notes = [
      data.beyond > 0 ? `Showing the first ${plural(MAX_BARS, 'bar')}; ${plural(data.beyond, 'more row')} not drawn.` : '',
      data.skipped > 0 ? `${plural(data.skipped, 'row')} left out: ${yName} is not a number there.` : '',
    ].filter((s) => s !== '');
    replace(
      figureBox,
      el(
        'figure',
        { class: 'plot', 'data-chart': k },
        plot,
        el('figcaption', { class: 'muted' }, `${caption}. ${plural(data.points.length, 'point')}.`, ...notes.map((n) => ` ${n}`)),
      ),
    );
  };
  for (const s of [kind, xSel, ySel]) s.addEventListener('change', draw);
  details.addEventListener('toggle', () => {
    if (details.open && figureBox.childElementCount === 0) draw();
  });
  // Drawn again at the new width when the page's width changes by much (a turned phone, a resized window).
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(() => {
      if (details.open && figureBox.childElementCount > 0 && Math.abs(figureBox.clientWidth - FIGURE_INSET - drawnWidth) > 40) draw();
    }).observe(figureBox);
  }
  details.append(el('div', { class: 'row chart-controls' }, kindBox, xBox, yBox), figureBox);
  return details;
}
