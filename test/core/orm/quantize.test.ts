import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dequantize, int8Equivalent, quantizePerColumn } from '../../../src/core/orm/training/quantize.ts';

const matrix = fc
  .integer({ min: 1, max: 12 })
  .chain((rows) =>
    fc
      .integer({ min: 1, max: 12 })
      .chain((cols) =>
        fc
          .array(fc.float({ min: -4, max: 4, noNaN: true }), { minLength: rows * cols, maxLength: rows * cols })
          .map((v) => ({ rows, cols, w: Float32Array.from(v) })),
      ),
  );

describe('quantizePerColumn', () => {
  it('keeps every weight within half a step of its column scale after dequantizing', () => {
    fc.assert(
      fc.property(matrix, ({ rows, cols, w }) => {
        const m = quantizePerColumn(w, rows, cols);
        const back = dequantize(m);
        for (let i = 0; i < rows; i++) {
          for (let j = 0; j < cols; j++) {
            const err = Math.abs(w[i * cols + j]! - back[i * cols + j]!);
            if (err > m.scale[j]! / 2 + 1e-6 * Math.abs(w[i * cols + j]!) + 1e-12) return false;
          }
        }
        return true;
      }),
    );
  });

  it('uses the symmetric range [-127, 127] and maps each column maximum to ±127', () => {
    // rows [0.5, -2, 0.25] and [1, -0.5, 0]: column maxima 1, 2, 0.25; 0.5·127 = 63.5 rounds to 64, −0.5·127/2 = −31.75 to −32
    const w = Float32Array.of(0.5, -2, 0.25, 1, -0.5, 0);
    const m = quantizePerColumn(w, 2, 3);
    expect(Array.from(m.q)).toEqual([64, -127, 127, 127, -32, 0]);
    expect(Array.from(m.scale)).toEqual([Math.fround(1 / 127), Math.fround(2 / 127), Math.fround(0.25 / 127)]);
  });

  it('gives an all-zero column scale 1 and zeros, so dequantizing is exact', () => {
    const m = quantizePerColumn(new Float32Array(4), 2, 2);
    expect(Array.from(m.scale)).toEqual([1, 1]);
    expect(Array.from(dequantize(m))).toEqual([0, 0, 0, 0]);
  });

  it('rejects a matrix whose length does not match its shape', () => {
    expect(() => quantizePerColumn(new Float32Array(5), 2, 3)).toThrow(RangeError);
  });
});

describe('int8Equivalent', () => {
  it('replaces weights by their dequantized copies and leaves biases alone', () => {
    const p = {
      sizes: [2, 2, 1],
      weights: [Float32Array.of(0.1, 0.2, 0.3, 0.4), Float32Array.of(1, -1)],
      biases: [Float32Array.of(0.5, -0.5), Float32Array.of(0.25)],
    };
    const q = int8Equivalent(p);
    expect(Array.from(q.weights[0]!)).toEqual(Array.from(dequantize(quantizePerColumn(p.weights[0]!, 2, 2))));
    expect(Array.from(q.biases[1]!)).toEqual([0.25]);
  });
});
