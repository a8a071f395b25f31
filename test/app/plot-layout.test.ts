/**
 * Room for a plot's words, on Node: bar labels stay flat when they fit under
 * their bars, else turn 45° with a left margin that holds the first label's
 * reach and a bottom margin that holds the longest, thinning to every k-th
 * when bars are narrower than a line; a long label is cut with an ellipsis;
 * point labels land inside the frame, clear of each other and of the points.
 */
import { describe, expect, it } from 'vitest';
import { barAxis, CHAR_PX, placeLabels, shortLabel } from '../../src/app/ui/plot-layout.ts';

describe('bar labels', () => {
  it('keeps short labels flat, and turns long ones with margins that hold them', () => {
    expect(barAxis(['Rock', 'Jazz', 'Pop'], 640, 3)).toEqual({ marginLeft: 40, marginBottom: 40, rotate: 0, ticks: ['Rock', 'Jazz', 'Pop'] });
    const labels = ['Alternative & Punk', 'Rock', 'Latin', 'Metal', 'Blues', 'Jazz', 'Classical', 'Soundtrack'];
    const axis = barAxis(labels, 640, 3);
    expect(axis.rotate).toBe(-45);
    const band = (640 - axis.marginLeft - 20) / labels.length;
    const reach = 'Alternative & Punk'.length * CHAR_PX * Math.SQRT1_2;
    expect(axis.marginLeft + band / 2).toBeGreaterThanOrEqual(reach); // the first label ends inside the plot
    expect(axis.marginBottom).toBeGreaterThanOrEqual(reach);
    expect(axis.ticks).toEqual(labels);
  });

  it('labels every k-th bar when bars are narrower than a line, and cuts a long label', () => {
    const many = Array.from({ length: 200 }, (_, i) => `item ${i}`);
    const axis = barAxis(many, 360, 4);
    expect(axis.ticks.length).toBeLessThan(many.length);
    const band = (360 - axis.marginLeft - 20) / many.length;
    expect((many.indexOf(axis.ticks[1]!) - many.indexOf(axis.ticks[0]!)) * band).toBeGreaterThanOrEqual(12); // a line apart
    expect(shortLabel('The Orchard and the Forest at Night')).toBe('The Orchard and the For…');
    expect(shortLabel('Short')).toBe('Short');
  });
});

describe('point labels', () => {
  const frame = { x0: 40, y0: 20, x1: 620, y1: 300 };
  it('puts a label at the right edge on the left of its point, and coinciding labels apart', () => {
    const [edge] = placeLabels([{ x: 618, y: 150, text: 'target 0.2, 0.3, 0.4' }], frame);
    expect(edge!.anchor).toBe('end');
    const placed = placeLabels(
      [
        { x: 300, y: 295, text: 'best RS(10)' },
        { x: 305, y: 295, text: 'target 0.1' },
      ],
      frame,
    );
    const boxes = placed.map((p) => {
      const w = p.text.length * CHAR_PX;
      const x0 = p.anchor === 'start' ? p.at.x : p.anchor === 'end' ? p.at.x - w : p.at.x - w / 2;
      return { x0, x1: x0 + w, y0: p.at.y - 6, y1: p.at.y + 6 };
    });
    for (const b of boxes) {
      expect(b.x0 >= frame.x0 && b.x1 <= frame.x1 && b.y0 >= frame.y0 && b.y1 <= frame.y1).toBe(true);
    }
    const [a, b] = boxes;
    expect(a!.x0 < b!.x1 && b!.x0 < a!.x1 && a!.y0 < b!.y1 && b!.y0 < a!.y1).toBe(false);
  });
});
