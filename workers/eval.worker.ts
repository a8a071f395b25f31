/**
 * Worker entry for the evaluation statistics (src/engines/eval/api.ts);
 * stopping an evaluation terminates the worker.
 */
import { expose } from 'comlink';
import { evalWorkerApi } from '../src/engines/eval/api.ts';

expose(evalWorkerApi());
