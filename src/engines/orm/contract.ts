/**
 * The I/O contract every ORM model must meet, checked against the metadata
 * onnxruntime reports after loading: exactly one input, float32, named
 * `features`, shape [batch, D] with a symbolic batch dimension and D equal to
 * the featurizer's dim; exactly one output, float32, named `score`, shape
 * [batch, 1] (or no declared shape; the session checks the row count when it
 * runs).
 */
import type { InferenceSession } from 'onnxruntime-web';
import { OrmError } from '../../core/orm/errors.ts';
import { ORM_INPUT, ORM_OUTPUT } from '../../core/orm/sidecar.ts';

type Meta = readonly InferenceSession.ValueMetadata[];

const describe = (m: Meta): string => JSON.stringify(m.map((v) => (v.isTensor ? { name: v.name, type: v.type, shape: v.shape } : { name: v.name })));
const dynamic = (d: number | string | undefined): boolean => typeof d === 'string' || d === -1;

/**
 * Throws an {@link OrmError} (`ORM_BAD_INPUTS` / `ORM_BAD_OUTPUTS`) saying
 * what the model has and what it needs; returns nothing when the model fits.
 *
 * @example
 * checkModelIo(session.inputMetadata, session.outputMetadata, 8192, 'my.onnx');
 */
export function checkModelIo(inputs: Meta, outputs: Meta, dim: number, source?: string): void {
  const where = source ? ` (${source})` : '';
  const i = inputs[0];
  if (
    inputs.length !== 1 ||
    !i ||
    !i.isTensor ||
    i.name !== ORM_INPUT ||
    i.type !== 'float32' ||
    i.shape.length !== 2 ||
    !dynamic(i.shape[0]) ||
    i.shape[1] !== dim
  ) {
    throw new OrmError(
      'ORM_BAD_INPUTS',
      `The ORM model${where} has inputs ${describe(inputs)}; it needs one float32 input "${ORM_INPUT}" of shape [batch, ${dim}] (batch symbolic, ${dim} = the sidecar's featurizer.dim).`,
      source,
    );
  }
  const o = outputs[0];
  if (
    outputs.length !== 1 ||
    !o ||
    !o.isTensor ||
    o.name !== ORM_OUTPUT ||
    o.type !== 'float32' ||
    (o.shape.length !== 0 && (o.shape.length !== 2 || !dynamic(o.shape[0]) || o.shape[1] !== 1))
  ) {
    throw new OrmError(
      'ORM_BAD_OUTPUTS',
      `The ORM model${where} has outputs ${describe(outputs)}; it needs one float32 output "${ORM_OUTPUT}" of shape [batch, 1] holding P(correct).`,
      source,
    );
  }
}
