/**
 * The outcome reward model's engine in one import, for the page and the CLI:
 * the engine's face (what the ORM worker exposes and Node's scorer answers
 * in) and the Ask verifier over it. The engine itself (onnxruntime-web and
 * the featurizer) is created where it runs: in workers/orm.worker.ts and in
 * src/node/orm/score.ts, which import engine.ts by path, so a page that
 * imports this face does not hold the model code.
 *
 * @example
 * const verifiers = [ormVerifier(createOrmClient(models))];
 */
export type { OrmEngine, OrmLoaded, OrmResult, OrmScores } from './engine.ts';
export type { OrmBackend } from './session.ts';
export { ormVerifier } from './verifier.ts';
