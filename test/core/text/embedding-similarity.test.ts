import { describe, expect, it } from 'vitest';
import { cosineSimilarity, embeddingSimilarities, type EmbedFn } from '../../../src/core/text/embed.ts';

describe('cosineSimilarity', () => {
  it('is 1 for parallel, 0 for orthogonal, -1 for opposite vectors', () => {
    const a = new Float32Array([1, 2, 3]);
    expect(cosineSimilarity(a, new Float32Array([2, 4, 6]))).toBeCloseTo(1, 6);
    expect(cosineSimilarity(new Float32Array([1, 0]), new Float32Array([0, 5]))).toBe(0);
    expect(cosineSimilarity(a, new Float32Array([-1, -2, -3]))).toBeCloseTo(-1, 6);
    expect(cosineSimilarity(new Float32Array([1, 0]), new Float32Array([1, 1]))).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('is NaN with a zero vector and a RangeError for a length mismatch', () => {
    expect(cosineSimilarity(new Float32Array([0, 0]), new Float32Array([1, 1]))).toBeNaN();
    expect(() => cosineSimilarity(new Float32Array(2), new Float32Array(3))).toThrow(RangeError);
  });
});

describe('embeddingSimilarities', () => {
  // A bag-of-letters embedder: enough to tell that the question comes first and phrases follow in order.
  const letters = (texts: string[]): Float32Array[] =>
    texts.map((t) => {
      const v = new Float32Array(26);
      for (const ch of t.toLowerCase()) if (ch >= 'a' && ch <= 'z') v[ch.charCodeAt(0) - 97]!++;
      return v;
    });

  it('embeds the question and phrases in one call and compares each phrase with the question', async () => {
    let calls = 0;
    const counting: EmbedFn = async (texts) => {
      calls++;
      return letters(texts);
    };
    const sims = await embeddingSimilarities(counting, 'abc', ['abc', 'xyz']);
    expect(calls).toBe(1);
    expect(sims[0]).toBeCloseTo(1, 6);
    expect(sims[1]).toBe(0);
  });

  it('rejects an embedder that returns the wrong number of vectors', async () => {
    const short: EmbedFn = (texts) => letters(texts).slice(1);
    await expect(embeddingSimilarities(short, 'q', ['a'])).rejects.toThrow(RangeError);
  });
});
