/**
 * Room for a plot's words, worked out before Observable Plot draws it, so
 * that no label is cut at the plot's edge or drawn over another: a bar
 * chart's x labels (kept flat when they fit under their bars, else turned
 * 45° with the margins the turned words need, every k-th one when bars are
 * too narrow for each, each cut at LABEL_CHARS), and labels of marked
 * points, each put beside, above or below its point where it overlaps no
 * other label or point and stays inside the frame. Text widths are
 * estimated at CHAR_PX per character of 10 px sans-serif (an upper bound
 * for Latin text). Pure (tested on Node).
 */

/** Width of one character of a 10 px label, in px (generous, so estimates err wide). */
export const CHAR_PX = 6.4;
/** Height of a 10 px label's box, in px. */
const LINE_PX = 12;
/** Longest x label drawn; a longer one is cut with an ellipsis. */
export const LABEL_CHARS = 24;

/**
 * A label cut to LABEL_CHARS.
 *
 * @example shortLabel('Alternative & Punk and more besides'); // 'Alternative & Punk and …'
 */
export const shortLabel = (s: string): string => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

/** How a bar chart's x axis is drawn. */
export interface BarAxis {
  readonly marginLeft: number;
  readonly marginBottom: number;
  /** 0 (flat) or -45 (turned). */
  readonly rotate: number;
  /** The labels that get a tick (every k-th when bars are narrow). */
  readonly ticks: readonly string[];
}

/**
 * The x axis of a bar chart `width` px wide with bars labelled `labels`,
 * whose y tick labels are at most `yChars` characters.
 *
 * @example barAxis(['Rock', 'Jazz'], 640, 3).rotate; // 0
 */
export function barAxis(labels: readonly string[], width: number, yChars: number): BarAxis {
  const left = Math.max(40, Math.ceil(yChars * CHAR_PX + 14));
  const band = (width - left - 20) / Math.max(1, labels.length);
  const longest = Math.max(0, ...labels.map((l) => shortLabel(l).length)) * CHAR_PX;
  if (longest + 6 <= band) return { marginLeft: left, marginBottom: 40, rotate: 0, ticks: labels };
  const reach = longest * Math.SQRT1_2; // a 45° label's width and height
  // The first label's reach left of its bar's middle must fit in the margin: m ≥ reach + 8 − (width − m − 20) / 2n.
  const n = Math.max(1, labels.length);
  const marginLeft = Math.max(left, Math.ceil((reach + 8 - (width - 20) / (2 * n)) / (1 - 1 / (2 * n))));
  const every = Math.max(1, Math.ceil(LINE_PX / Math.max((width - marginLeft - 20) / n, 0.1)));
  return {
    marginLeft,
    marginBottom: Math.ceil(reach + 34),
    rotate: -45,
    ticks: labels.filter((_, i) => i % every === 0),
  };
}

/** A point to label, in pixels, and its words. */
export interface PointLabel {
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

/** A placed label: where its text is anchored (start, middle or end) and its baseline's middle. */
export interface PlacedLabel extends PointLabel {
  readonly anchor: 'start' | 'middle' | 'end';
  /** Where the label was put: its anchor point, in pixels. */
  readonly at: { readonly x: number; readonly y: number };
}

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}
const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Positions tried around a point, in order: right, left, above, below, then further out. */
const TRIES: readonly { dx: number; dy: number; anchor: PlacedLabel['anchor'] }[] = [
  { dx: 9, dy: 0, anchor: 'start' },
  { dx: -9, dy: 0, anchor: 'end' },
  { dx: 0, dy: -14, anchor: 'middle' },
  { dx: 0, dy: 14, anchor: 'middle' },
  { dx: 9, dy: -14, anchor: 'start' },
  { dx: -9, dy: -14, anchor: 'end' },
  { dx: 9, dy: 14, anchor: 'start' },
  { dx: -9, dy: 14, anchor: 'end' },
  { dx: 0, dy: -28, anchor: 'middle' },
  { dx: 0, dy: 28, anchor: 'middle' },
  { dx: 0, dy: -42, anchor: 'middle' },
  { dx: 0, dy: 42, anchor: 'middle' },
];

/**
 * Places each label near its point inside `frame` (pixels), clear of the
 * other labels and points (a point's marker is taken as `r` px around it);
 * a label with no clear place goes where it overlaps least.
 *
 * @example placeLabels([{ x: 600, y: 100, text: 'target 0.1' }], { x0: 40, y0: 20, x1: 620, y1: 300 })[0].anchor; // 'end'
 */
export function placeLabels(points: readonly PointLabel[], frame: Box, r = 7): PlacedLabel[] {
  const taken: Box[] = points.map((p) => ({ x0: p.x - r, y0: p.y - r, x1: p.x + r, y1: p.y + r }));
  return points.map((p) => {
    const w = p.text.length * CHAR_PX;
    let best: { box: Box; label: PlacedLabel; cost: number } | null = null;
    for (const t of TRIES) {
      const x = p.x + t.dx;
      const y = p.y + t.dy;
      const x0 = t.anchor === 'start' ? x : t.anchor === 'end' ? x - w : x - w / 2;
      const box = { x0, y0: y - LINE_PX / 2, x1: x0 + w, y1: y + LINE_PX / 2 };
      const outside = box.x0 < frame.x0 || box.x1 > frame.x1 || box.y0 < frame.y0 || box.y1 > frame.y1;
      const cost = (outside ? 1000 : 0) + taken.filter((b) => overlaps(b, box)).length;
      if (best === null || cost < best.cost) best = { box, label: { ...p, anchor: t.anchor, at: { x, y } }, cost };
      if (cost === 0) break;
    }
    taken.push(best!.box);
    return best!.label;
  });
}
