/**
 * Node worker_threads entry of the analysis worker (src/node/analysis-worker.ts):
 * parses candidate SQL beside execution and hands back what the signals and
 * the ORM read off each parse (src/engines/analysis/thread-api.ts), through comlink.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { analysisThreadApi } from '../src/engines/analysis/thread-api.ts';

if (parentPort === null) throw new Error('workers/analysis.node.ts must run as a worker thread');
expose(analysisThreadApi(), nodeEndpoint(parentPort));
