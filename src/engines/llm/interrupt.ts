/**
 * Maps an AbortSignal onto web-llm's `interruptGenerate()` for one request.
 *
 * web-llm clears its interrupt flag when a request starts running, and a
 * worker engine starts it only after the message arrives, so one interrupt
 * sent just after the request can be lost. The interrupt is therefore repeated
 * every `repeatMs` until the request settles. An interrupted non-streaming
 * request resolves (with `finish_reason: 'abort'`); it does not reject.
 */
import type { ChatEngine } from './engine.ts';

/**
 * Whether a signal has fired, read through a call so TypeScript does not
 * narrow it to `false` across awaits.
 *
 * @example if (isAborted(signal)) return partial;
 */
export const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/** How often the interrupt is re-sent while the request is still running. */
export const INTERRUPT_REPEAT_MS = 100;

/**
 * Runs `request`, interrupting the engine when `signal` aborts.
 *
 * @example
 * const completion = await interruptible(engine, () => engine.chat.completions.create(req), signal);
 */
export async function interruptible<T>(
  engine: Pick<ChatEngine, 'interruptGenerate'>,
  request: () => Promise<T>,
  signal: AbortSignal | undefined,
  repeatMs: number = INTERRUPT_REPEAT_MS,
): Promise<T> {
  if (signal === undefined) return request();
  let timer: ReturnType<typeof setInterval> | undefined;
  const onAbort = (): void => {
    engine.interruptGenerate();
    timer ??= setInterval(() => engine.interruptGenerate(), repeatMs);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const pending = request();
    if (signal.aborted) onAbort();
    return await pending;
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (timer !== undefined) clearInterval(timer);
  }
}
