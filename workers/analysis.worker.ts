/**
 * Worker entry of the page's analysis thread: candidate SQL parsed and read
 * here (src/engines/analysis/engine.ts), never on the page's thread, through
 * comlink; the page's client (src/app/analysis-client.ts) stops it when one
 * text overruns.
 */
import { expose } from 'comlink';
import { createAnalysisEngine } from '../src/engines/analysis/engine.ts';

expose(createAnalysisEngine(() => performance.now()));
