/**
 * The checks an own reward model passes before the worker sees it, on the
 * files the person chose: exactly one `.onnx` and one `.json`; the model
 * within the size limit; the sidecar JSON, valid for this build's featurizer
 * (format, version, featurizer version and dense feature names, I/O names);
 * and the sidecar describing a model of exactly the chosen file's size and,
 * when the sidecar records it (training writes it), SHA-256 (a pair from one
 * training run: two runs of one architecture have the same size). The worker then checks the model's input
 * shape against the sidecar's `featurizer.dim` and runs it once.
 */
import { modelPairProblem, ORM_MAX_MODEL_BYTES, ORM_MAX_SIDECAR_BYTES, type OrmErrorData, type OrmSidecar, parseSidecar } from '../../core/orm/index.ts';

export { ORM_MAX_SIDECAR_BYTES };

export type PairResult =
  | { readonly ok: true; readonly model: File; readonly sidecarFile: File; readonly sidecar: OrmSidecar }
  | { readonly ok: false; readonly error: OrmErrorData };

const refuse = (code: OrmErrorData['code'], message: string, source?: string): { ok: false; error: OrmErrorData } => ({
  ok: false,
  error: source === undefined ? { code, message } : { code, message, source },
});

/**
 * The pair among `files`, checked; or the first problem, naming the file.
 *
 * @example
 * const r = await checkOrmPair([...input.files]);
 * if (!r.ok) show(r.error.message); // e.g. 'my.json is not JSON (…)'
 */
export async function checkOrmPair(files: readonly File[]): Promise<PairResult> {
  const models = files.filter((f) => /\.onnx$/i.test(f.name));
  const sidecars = files.filter((f) => /\.json$/i.test(f.name));
  const others = files.filter((f) => !models.includes(f) && !sidecars.includes(f));
  if (others.length > 0)
    return refuse(
      'ORM_NOT_A_PAIR',
      `${others.map((f) => f.name).join(', ')} is neither an .onnx model nor a .json sidecar. Choose the two files \`npm run orm:train\` wrote: <name>.onnx and <name>.json.`,
      others[0]!.name,
    );
  if (models.length !== 1 || sidecars.length !== 1) {
    const missing = models.length === 0 ? 'the .onnx model' : sidecars.length === 0 ? 'its .json sidecar' : 'exactly one .onnx and one .json';
    return refuse(
      'ORM_NOT_A_PAIR',
      `You chose ${files.map((f) => f.name).join(', ') || 'no file'}; choose ${missing} too (select both files at once). \`npm run orm:train\` writes <name>.onnx and <name>.json side by side.`,
      files[0]?.name,
    );
  }
  const model = models[0]!;
  const file = sidecars[0]!;
  if (model.size > ORM_MAX_MODEL_BYTES)
    return refuse(
      'ORM_TOO_LARGE',
      `${model.name} is ${(model.size / 2 ** 20).toFixed(1)} MiB; the limit is ${ORM_MAX_MODEL_BYTES / 2 ** 20} MiB. Export a smaller model (int8 weights, fewer hashed features).`,
      model.name,
    );
  if (file.size > ORM_MAX_SIDECAR_BYTES)
    return refuse(
      'ORM_BAD_SIDECAR',
      `${file.name} is ${(file.size / 2 ** 20).toFixed(1)} MiB; a sidecar is a few KB (limit ${ORM_MAX_SIDECAR_BYTES / 2 ** 20} MiB). Choose the .json written next to the model.`,
      file.name,
    );
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch (e) {
    return refuse(
      'ORM_BAD_SIDECAR',
      `${file.name} is not JSON (${(e as Error).message}). Choose the .json sidecar \`npm run orm:train\` wrote next to the model.`,
      file.name,
    );
  }
  let sidecar: OrmSidecar;
  try {
    sidecar = parseSidecar(value, file.name);
  } catch (e) {
    return refuse('ORM_BAD_SIDECAR', (e as Error).message, file.name);
  }
  const sized = modelPairProblem(sidecar, file.name, model);
  const problem = sized ?? (sidecar.architecture.sha256 === undefined ? null : modelPairProblem(sidecar, file.name, model, await sha256Hex(model)));
  return problem === null ? { ok: true, model, sidecarFile: file, sidecar } : { ok: false, error: problem };
}

/** SHA-256 of a file's bytes, lowercase hex (Web Crypto; the file is at most ORM_MAX_MODEL_BYTES). */
async function sha256Hex(file: File): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
