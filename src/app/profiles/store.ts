/**
 * Calibration profiles in the browser: the bundled default (fetched from the
 * app's own `profiles/default.json`), the ones fit or imported by the person
 * (kept in localStorage as JSON), and which one is active. Ask reads the
 * active profile; listeners hear about every change.
 *
 * Storage first, memory second: every change is written to storage before
 * the in-memory list or the active name changes, so a failed write (the
 * browser's quota, storage turned off) leaves the store exactly as it was and
 * comes back as a message in words instead of an uncaught exception.
 */
import { checkProfile } from '../../core/profile-check.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { noteSetAside } from '../startup-notices.ts';
import { jsonOf, readStored, SET_ASIDE_PREFIX } from '../stored.ts';

const SAVED_KEY = 'confide.profiles.v1';
const ACTIVE_KEY = 'confide.activeProfile.v1';
export const DEFAULT_PROFILE_URL = 'profiles/default.json';

export interface ProfileEntry {
  readonly profile: CalibrationProfile;
  /** True for the bundled default (it cannot be deleted). */
  readonly builtIn: boolean;
}

/** What a change did: done, or why not (nothing changed then). */
export type StoreResult = { ok: true } | { ok: false; message: string };

export interface ProfileStore {
  list(): readonly ProfileEntry[];
  active(): CalibrationProfile | null;
  setActive(name: string): StoreResult;
  /** Saves (or replaces, by name) a profile. The bundled default's name is refused. */
  save(profile: CalibrationProfile): StoreResult;
  remove(name: string): StoreResult;
  /**
   * Puts back a profile `remove` took out (Delete's undo): at position `at`
   * among the saved profiles, and active again when `active`. Refused when
   * its name was taken meanwhile.
   */
  restore(profile: CalibrationProfile, at: number, active: boolean): StoreResult;
  /** Whether a profile (saved or bundled) already has this name. */
  has(name: string): boolean;
  /** `name`, or `name (2)`, `name (3)` … : the first one no profile has. */
  freeName(name: string): string;
  onChange(listener: () => void): void;
}

/**
 * A failed storage write in words.
 *
 * @example storageProblem(new DOMException('full', 'QuotaExceededError'), 'save "x"', 6_000_000);
 */
export function storageProblem(e: unknown, what: string, bytes: number): string {
  const size = `${(bytes / 1e6).toFixed(1)} MB of profiles`;
  if (e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22)) {
    return `Could not ${what}: this browser's storage for the app is full (${size} to keep). Nothing was changed. Delete a profile you no longer need, or shorten this one's notes, and try again.`;
  }
  return `Could not ${what}: the browser refused to store it (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`;
}

/**
 * The saved profiles. A list that does not read is set aside whole; a profile
 * in it that this version refuses (checkProfile) is set aside alone, under
 * `confide.set-aside.confide.profiles.v1`, and the others are kept. Each is
 * said as a start-up notice.
 */
function readSaved(storage: Storage): CalibrationProfile[] {
  const raw = readStored(storage, SAVED_KEY, 'your saved calibration profiles', (text) => jsonOf(text, Array.isArray, 'a list'));
  if (raw === null) return [];
  const good: CalibrationProfile[] = [];
  const bad: { value: unknown; why: string }[] = [];
  for (const v of raw as unknown[]) {
    let r: ReturnType<typeof checkProfile>;
    try {
      r = checkProfile(v);
    } catch (e) {
      r = { ok: false, error: { code: 'BAD_PROFILE', field: '', message: e instanceof Error ? e.message : String(e) } };
    }
    if (r.ok) good.push(r.profile);
    else bad.push({ value: v, why: r.error.message });
  }
  if (bad.length > 0) {
    try {
      storage.setItem(SET_ASIDE_PREFIX + SAVED_KEY, JSON.stringify(bad.map((b) => b.value)));
      storage.setItem(SAVED_KEY, JSON.stringify(good));
    } catch {
      // no room to move them: they are skipped again next time
    }
    for (const b of bad) {
      const name = (b.value as { name?: unknown } | null)?.name;
      const named = typeof name === 'string' ? `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}"` : 'without a name';
      noteSetAside(
        `A saved calibration profile ${named} could not be read (${b.why.length > 200 ? `${b.why.slice(0, 200)}…` : b.why}), so it was set aside; the other profiles are kept.`,
      );
    }
  }
  return good;
}

/**
 * Loads the bundled default and the saved profiles.
 *
 * @example
 * const profiles = await createProfileStore(localStorage);
 * profiles.active()?.name; // 'Default (demo data)'
 */
export async function createProfileStore(storage: Storage): Promise<ProfileStore> {
  let builtIn: CalibrationProfile | null = null;
  try {
    const response = await fetch(new URL(DEFAULT_PROFILE_URL, document.baseURI));
    const r = checkProfile(await response.json());
    if (r.ok) builtIn = r.profile;
    else console.warn(`The bundled default profile is unusable: ${r.error.message}`);
  } catch (e) {
    console.warn(`The bundled default profile could not be loaded: ${String(e)}`);
  }
  let saved = readSaved(storage);
  let activeName = readStored(storage, ACTIVE_KEY, 'the name of the profile in use', (text) => ({ ok: true, value: text }));
  const listeners: (() => void)[] = [];
  /** Writes the next state; only when both writes succeed does memory change (a failed second write restores the first). */
  const commit = (what: string, next: { saved: CalibrationProfile[]; activeName: string | null }): StoreResult => {
    const text = JSON.stringify(next.saved);
    const before = storage.getItem(SAVED_KEY);
    try {
      if (text !== before) storage.setItem(SAVED_KEY, text);
      if (next.activeName === null) storage.removeItem(ACTIVE_KEY);
      else if (next.activeName !== storage.getItem(ACTIVE_KEY)) storage.setItem(ACTIVE_KEY, next.activeName);
    } catch (e) {
      try {
        if (before === null) storage.removeItem(SAVED_KEY);
        else if (text !== before) storage.setItem(SAVED_KEY, before);
      } catch {
        // the old, smaller text fitted before; if even that fails, memory still holds the truth
      }
      return { ok: false, message: storageProblem(e, what, text.length * 2) };
    }
    saved = next.saved;
    activeName = next.activeName;
    for (const l of listeners) l();
    return { ok: true };
  };
  const list = (): ProfileEntry[] => [...(builtIn ? [{ profile: builtIn, builtIn: true }] : []), ...saved.map((profile) => ({ profile, builtIn: false }))];
  return {
    list,
    active() {
      const all = list();
      return all.find((e) => e.profile.name === activeName)?.profile ?? all[0]?.profile ?? null;
    },
    setActive(name) {
      return commit(`use "${name}"`, { saved, activeName: name });
    },
    save(profile) {
      if (builtIn && profile.name === builtIn.name) return { ok: false, message: `"${profile.name}" is the bundled default's name; choose another.` };
      return commit(`save "${profile.name}"`, { saved: [...saved.filter((p) => p.name !== profile.name), profile], activeName });
    },
    remove(name) {
      return commit(`delete "${name}"`, { saved: saved.filter((p) => p.name !== name), activeName: activeName === name ? null : activeName });
    },
    restore(profile, at, active) {
      if (list().some((e) => e.profile.name === profile.name))
        return { ok: false, message: `"${profile.name}" was not put back: a profile with that name exists now.` };
      const next = [...saved];
      next.splice(Math.max(0, Math.min(at, next.length)), 0, profile);
      return commit(`put back "${profile.name}"`, { saved: next, activeName: active ? profile.name : activeName });
    },
    has(name) {
      return list().some((e) => e.profile.name === name);
    },
    freeName(name) {
      const taken = new Set(list().map((e) => e.profile.name));
      if (!taken.has(name)) return name;
      let n = 2;
      while (taken.has(`${name} (${n})`)) n += 1;
      return `${name} (${n})`;
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
