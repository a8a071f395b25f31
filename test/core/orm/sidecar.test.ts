import { describe, expect, it } from 'vitest';
import { OrmError } from '../../../src/core/orm/errors.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { parseSidecar } from '../../../src/core/orm/sidecar.ts';

const good = {
  format: 'confide-orm',
  version: 1,
  name: 'm',
  model: 'm.onnx',
  featurizer: { ...DEFAULT_FEATURIZER, denseFeatures: denseFeatureNames() },
  architecture: { sizes: [DEFAULT_FEATURIZER.dim, 4, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: 1 },
  io: { input: 'features', output: 'score' },
  training: {},
  quality: { status: 'not yet measured' },
};

function codeOf(value: unknown): string | undefined {
  try {
    parseSidecar(value, 'x.json');
  } catch (e) {
    return e instanceof OrmError ? e.code : 'not an OrmError';
  }
  return undefined;
}

describe('parseSidecar', () => {
  it('accepts a sidecar made for this featurizer', () => {
    expect(parseSidecar(good).featurizer.dim).toBe(DEFAULT_FEATURIZER.dim);
  });

  it.each([
    ['not an object', 'nope'],
    ['wrong format', { ...good, format: 'other' }],
    ['another featurizer version', { ...good, featurizer: { ...good.featurizer, version: 99 } }],
    ['dense names from another featurizer', { ...good, featurizer: { ...good.featurizer, denseFeatures: [...denseFeatureNames().slice(1), 'x'] } }],
    ['a dim too small', { ...good, featurizer: { ...good.featurizer, dim: 10 } }],
    ['other input/output names', { ...good, io: { input: 'x', output: 'score' } }],
    ['no quality status', { ...good, quality: {} }],
    ['a SHA-256 that is not 64 hex digits', { ...good, architecture: { ...good.architecture, sha256: 'abc' } }],
    ['an upper-case SHA-256', { ...good, architecture: { ...good.architecture, sha256: 'A'.repeat(64) } }],
  ])('rejects %s with ORM_BAD_SIDECAR', (_, value) => {
    expect(codeOf(value)).toBe('ORM_BAD_SIDECAR');
  });

  it("accepts a sidecar with the model's SHA-256 and one without (older sidecars)", () => {
    expect(parseSidecar({ ...good, architecture: { ...good.architecture, sha256: 'a'.repeat(64) } }).architecture.sha256).toBe('a'.repeat(64));
    expect(parseSidecar(good).architecture.sha256).toBeUndefined();
  });

  it('names the file in the message', () => {
    expect(() => parseSidecar({ ...good, format: 1 }, 'models/x.json')).toThrow(/models\/x\.json/);
  });
});
