// A Node worker_threads stand-in for the page's analysis worker: the real engine
// (src/engines/analysis/engine.ts) through comlink, except that a text holding
// STUCK keeps its thread busy for a minute, as a parser dialect that runs on by
// itself would (no text the parser is allowed to see does so reliably).
import { register } from 'tsx/esm/api';

register();
const { parentPort } = await import('node:worker_threads');
const { expose } = await import('comlink');
const { default: nodeEndpoint } = await import('comlink/dist/esm/node-adapter.mjs');
const { createAnalysisEngine } = await import('../../src/engines/analysis/engine.ts');

const engine = createAnalysisEngine(() => performance.now());
/** `onEach` that, after a text, keeps the thread busy when the next text holds STUCK (and is not yet known to overrun). */
const stalling = (sqls, options, onEach) => (i, r) => {
  const next = sqls[i + 1];
  onEach(i, r);
  if (next !== undefined && next.includes('STUCK') && !options.unparsed.includes(next)) {
    const until = Date.now() + 60_000;
    while (Date.now() < until); // the next text's parse "never ends"
  }
};
expose({
  ...engine,
  analyze: (sqls, schemaId, options, onEach) => engine.analyze(sqls, schemaId, options, stalling(sqls, options, onEach)),
  describe: (sqls, options, onEach) => engine.describe(sqls, options, stalling(sqls, options, onEach)),
}, nodeEndpoint(parentPort));
