/**
 * A model that does not honour the ORM contract is refused with a typed
 * error and a message that says what is wrong, never scored.
 */
import { describe, expect, it } from 'vitest';
import { ORM_MAX_MODEL_BYTES, OrmError } from '../../../src/core/orm/errors.ts';
import { DEFAULT_FEATURIZER, denseFeatureNames } from '../../../src/core/orm/layout.ts';
import { initMlp } from '../../../src/core/orm/training/mlp.ts';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { mlpToOnnx } from '../../../src/node/orm/onnx.ts';
import { modelProtoType } from '../../../src/node/orm/onnx-proto.ts';
import { createOrmScorer } from '../../../src/node/orm/score.ts';
import { scoresOrThrow } from '../../../src/engines/orm/engine.ts';

const dim = 512;
const sidecar = {
  format: 'confide-orm',
  version: 1,
  name: 't',
  model: 't.onnx',
  featurizer: { ...DEFAULT_FEATURIZER, dim, denseFeatures: denseFeatureNames() },
  architecture: { sizes: [dim, 8, 1], activation: 'relu', output: 'sigmoid', weights: 'float32', opset: 17, irVersion: 8, bytes: 0 },
  io: { input: 'features', output: 'score' },
  training: {},
  quality: { status: 'not yet measured' },
};
const good = mlpToOnnx(initMlp([dim, 8, 1], mulberry32(1)), { weights: 'float32' });

/** Re-encodes the good model after `edit` changes its decoded ModelProto. */
function edited(
  edit: (m: {
    graph: {
      node: { op_type: string; input: string[]; output: string[] }[];
      input: { name: string; type: { tensor_type: { elem_type: number; shape: { dim: { dim_value?: number; dim_param?: string }[] } } } }[];
      output: { name: string }[];
    };
  }) => void,
): Uint8Array {
  const type = modelProtoType();
  const m = type.toObject(type.decode(good), { longs: Number, arrays: true }) as Parameters<typeof edit>[0];
  edit(m);
  return type.encode(type.fromObject(m)).finish();
}

async function failure(model: Uint8Array, side: unknown = sidecar): Promise<OrmError> {
  try {
    const s = await createOrmScorer(model, side, 'bad.onnx');
    await s.unload();
  } catch (e) {
    if (e instanceof OrmError) return e;
    throw e;
  }
  throw new Error('the model was accepted');
}

describe('createOrmScorer refuses', () => {
  it('bytes that are not ONNX: ORM_NOT_ONNX', async () => {
    const e = await failure(new TextEncoder().encode('SQLite format 3\0 definitely not a model'));
    expect(e.code).toBe('ORM_NOT_ONNX');
    expect(e.message).toMatch(/bad\.onnx/);
  });

  it('a file over 32 MiB before handing it to onnxruntime: ORM_TOO_LARGE', async () => {
    const e = await failure(new Uint8Array(ORM_MAX_MODEL_BYTES + 1));
    expect(e.code).toBe('ORM_TOO_LARGE');
    expect(e.message).toMatch(/32 MiB/);
  });

  it('an input with another name: ORM_BAD_INPUTS', async () => {
    const model = edited((m) => {
      m.graph.input[0]!.name = 'x';
      m.graph.node[0]!.input[0] = 'x';
    });
    const e = await failure(model);
    expect(e.code).toBe('ORM_BAD_INPUTS');
    expect(e.message).toMatch(/"features" of shape \[batch, 512\]/);
  });

  it('an input width that differs from the sidecar dim: ORM_BAD_INPUTS', async () => {
    const e = await failure(good, { ...sidecar, featurizer: { ...sidecar.featurizer, dim: 1024 } });
    expect(e.code).toBe('ORM_BAD_INPUTS');
  });

  it('a fixed batch dimension: ORM_BAD_INPUTS', async () => {
    const model = edited((m) => {
      m.graph.input[0]!.type.tensor_type.shape.dim[0] = { dim_value: 4 };
    });
    expect((await failure(model)).code).toBe('ORM_BAD_INPUTS');
  });

  it('an output with another name: ORM_BAD_OUTPUTS', async () => {
    const model = edited((m) => {
      m.graph.output[0]!.name = 'logit';
      m.graph.node[m.graph.node.length - 1]!.output[0] = 'logit';
    });
    expect((await failure(model)).code).toBe('ORM_BAD_OUTPUTS');
  });

  it('an output that is not a probability (no Sigmoid) when it scores: ORM_BAD_OUTPUTS, as data', async () => {
    const model = edited((m) => {
      m.graph.node[m.graph.node.length - 1]!.op_type = 'Neg';
    });
    const scorer = await createOrmScorer(model, sidecar, 'bad.onnx');
    const rng = mulberry32(2);
    const rows = 16;
    const x = Float32Array.from({ length: rows * dim }, () => (rng() < 0.1 ? 4 * rng() - 2 : 0));
    const r = await scorer.scoreFeatures(x, rows);
    await scorer.unload();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('ORM_BAD_OUTPUTS');
    expect(() => scoresOrThrow(r)).toThrow(OrmError);
  });

  it('a sidecar for another featurizer: ORM_BAD_SIDECAR', async () => {
    expect((await failure(good, { ...sidecar, featurizer: { ...sidecar.featurizer, version: 0 } })).code).toBe('ORM_BAD_SIDECAR');
  });
});
