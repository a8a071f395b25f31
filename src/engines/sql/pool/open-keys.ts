/**
 * The keys a pool has open, least recently used first (the oldest is closed
 * past `maxOpen`), and a generation per key, bumped by every open and close,
 * so an open that answers after a newer open or a close of its key is not
 * recorded.
 */
import type { Scheduler } from './scheduler.ts';

/**
 * The open keys of a pool over `scheduler`.
 *
 * @example
 * const keys = createOpenKeys(scheduler);
 * const gen = keys.begin('demo'); // … later: keys.current('demo', gen)
 */
export function createOpenKeys(scheduler: Scheduler) {
  const recency: string[] = []; // open keys, least recently used first
  const generation = new Map<string, number>(); // bumped by every open and close of a key
  let versions = 0;
  const drop = (key: string): void => {
    const at = recency.indexOf(key);
    if (at >= 0) recency.splice(at, 1);
  };
  return {
    /** Marks `key` as just used. */
    touch(key: string): void {
      drop(key);
      recency.push(key);
    },
    /** Closes `key`: forgotten here and in every worker. */
    forget(key: string): void {
      generation.set(key, (generation.get(key) ?? 0) + 1);
      drop(key);
      scheduler.forget(key);
    },
    /** Starts an open of `key`: its generation, and a version no other open has. */
    begin(key: string): { gen: number; version: number } {
      const gen = (generation.get(key) ?? 0) + 1;
      generation.set(key, gen);
      return { gen, version: (versions += 1) };
    },
    /** Whether no open or close of `key` came after the one of generation `gen`. */
    current: (key: string, gen: number): boolean => generation.get(key) === gen,
    /** The least recently used key, if any. */
    oldest: (): string | undefined => recency[0],
    /** How many keys are open. */
    count: (): number => recency.length,
    /** The open keys, least recently used first. */
    list: (): string[] => [...recency],
  };
}

/** A pool's open keys, as createOpenKeys returns them. */
export type OpenKeys = ReturnType<typeof createOpenKeys>;
