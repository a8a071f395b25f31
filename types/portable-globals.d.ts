/**
 * The few host globals `src/core` may use, as both browsers and Node define
 * them: core is checked against these alone (tsconfig.core.json), so a DOM,
 * Worker or Node name in core fails the typecheck instead of a worker or the
 * CLI at run time.
 */

/** A cancellation signal (the DOM's and Node's AbortSignal, as core reads it). */
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A deep copy by the structured clone algorithm (browsers and Node 17+). */
declare function structuredClone<T>(value: T): T;

/** A timer; its handle is opaque to core. */
declare function setTimeout(callback: () => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;
