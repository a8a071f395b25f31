/**
 * Worker entry for the ORM verifier: onnxruntime-web's WebGPU build running
 * inside this worker (its proxy mode cannot use WebGPU), exposed with comlink.
 *
 * `onnxruntime-web/webgpu` resolves to `ort.webgpu.bundle.min.mjs`, which
 * embeds its Emscripten loader and needs exactly one file at run time,
 * `ort-wasm-simd-threaded.asyncify.wasm`; importing it with `?url` makes Vite
 * emit it with the app, so it is served from the app's own origin and
 * sub-path, never a CDN. Without cross-origin isolation there are no wasm
 * threads, so one thread is requested.
 */
import { expose } from 'comlink';
import * as ort from 'onnxruntime-web/webgpu';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { createOrmEngine } from '../src/engines/orm/engine.ts';

ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };
ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;

// Each item's SQL gets the page's analysis budget (src/app/analysis-client.ts): past it, no further parser dialect.
expose(createOrmEngine({ ort, parseBudgetMs: 500 }));
