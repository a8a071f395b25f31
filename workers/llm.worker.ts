/**
 * The model worker: web-llm's engine behind its own message handler. The main
 * thread talks to it through `WebWorkerMLCEngine` (src/engines/llm/worker-engine.ts);
 * the protocol is web-llm's, so nothing here lists messages.
 */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (event: MessageEvent) => handler.onmessage(event);
