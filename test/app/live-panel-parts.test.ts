import { describe, expect, it } from 'vitest';
import { costFigures } from '../../src/app/ask/ask-costs.ts';
import { parseLogitBias } from '../../src/app/ask/dev-options.ts';
import { formatMB } from '../../src/app/ask/model-list.ts';
import type { ModelRequest } from '../../src/engines/llm/types.ts';

const request = (kind: ModelRequest['kind'], prefill: number, decode: number, finish = 'length'): ModelRequest => ({
  kind,
  finishReason: finish,
  promptTokens: 24,
  completionTokens: decode > 0 ? 1 : 0,
  prefillSeconds: prefill,
  decodeSeconds: decode,
  wallSeconds: prefill + decode + 0.01,
});

describe("the developer options' logit_bias", () => {
  it('reads token ids to biases in −100…100, and nothing from an empty field', () => {
    expect(parseLogitBias('')).toEqual({ ok: true, bias: undefined });
    expect(parseLogitBias('{"635": 30, "1": -100}')).toEqual({ ok: true, bias: { '635': 30, '1': -100 } });
  });

  it('says what is wrong with anything else', () => {
    expect(parseLogitBias('{635: 30}')).toMatchObject({ ok: false, message: expect.stringContaining('not JSON') });
    expect(parseLogitBias('[1]')).toMatchObject({ ok: false });
    expect(parseLogitBias('{"yes": 1}')).toMatchObject({ ok: false, message: expect.stringContaining('not a token id') });
    expect(parseLogitBias('{"5": 101}')).toMatchObject({ ok: false, message: expect.stringContaining('outside') });
    expect(parseLogitBias('{"5": "3"}')).toMatchObject({ ok: false });
  });
});

describe("where a live Ask's time went", () => {
  it("sums the model's prefills and decoding over the requests and reads the stages as timed", () => {
    const f = costFigures(
      { generate: 210, execute: 0.004, score: 82.7, signals: 0.1 },
      [request('sample', 100, 0), request('sample', 110, 0.5), request('judge', 82, 0)],
      292.9,
    );
    expect(f).toMatchObject({
      prefills: 3,
      prefillSeconds: 292,
      decodeSeconds: 0.5,
      modelSeconds: 292.5,
      generateSeconds: 210,
      execSeconds: 0.004,
      totalSeconds: 292.9,
    });
    expect(f.scoreSeconds).toBeCloseTo(82.8, 12);
    expect(f.finishReasons).toEqual(['length', 'length', 'length']);
  });

  it('counts a stage not reached as none', () => {
    expect(costFigures({ generate: 101 }, [request('sample', 101, 0, 'abort')], 101.2)).toMatchObject({
      execSeconds: 0,
      scoreSeconds: 0,
      finishReasons: ['abort'],
    });
  });

  it('writes sizes in MB as the download estimates do', () => {
    expect(formatMB(311_715_280)).toBe('312 MB');
    expect(formatMB(2_000_070)).toBe('2.0 MB');
  });
});
