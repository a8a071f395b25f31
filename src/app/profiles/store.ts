/**
 * Calibration profiles in the browser: the bundled default (fetched from the
 * app's own `profiles/default.json`), the ones fit or imported by the person
 * (kept in localStorage as JSON), and which one is active. Ask reads the
 * active profile; listeners hear about every change.
 */
import { checkProfile } from '../../core/profile-check.ts';
import type { CalibrationProfile } from '../../core/profile.ts';

const SAVED_KEY = 'confide.profiles.v1';
const ACTIVE_KEY = 'confide.activeProfile.v1';
export const DEFAULT_PROFILE_URL = 'profiles/default.json';

export interface ProfileEntry {
  readonly profile: CalibrationProfile;
  /** True for the bundled default (it cannot be deleted). */
  readonly builtIn: boolean;
}

export interface ProfileStore {
  list(): readonly ProfileEntry[];
  active(): CalibrationProfile | null;
  setActive(name: string): void;
  /** Saves (or replaces, by name) a profile. The bundled default's name is refused. */
  save(profile: CalibrationProfile): { ok: true } | { ok: false; message: string };
  remove(name: string): void;
  onChange(listener: () => void): void;
}

function readSaved(storage: Storage): CalibrationProfile[] {
  try {
    const raw = JSON.parse(storage.getItem(SAVED_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((v) => {
      const r = checkProfile(v);
      return r.ok ? [r.profile] : [];
    });
  } catch {
    return [];
  }
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
  let activeName = storage.getItem(ACTIVE_KEY);
  const listeners: (() => void)[] = [];
  const persist = (): void => {
    storage.setItem(SAVED_KEY, JSON.stringify(saved));
    if (activeName === null) storage.removeItem(ACTIVE_KEY);
    else storage.setItem(ACTIVE_KEY, activeName);
    for (const l of listeners) l();
  };
  const list = (): ProfileEntry[] => [...(builtIn ? [{ profile: builtIn, builtIn: true }] : []), ...saved.map((profile) => ({ profile, builtIn: false }))];
  return {
    list,
    active() {
      const all = list();
      return all.find((e) => e.profile.name === activeName)?.profile ?? all[0]?.profile ?? null;
    },
    setActive(name) {
      activeName = name;
      persist();
    },
    save(profile) {
      if (builtIn && profile.name === builtIn.name) return { ok: false, message: `"${profile.name}" is the bundled default's name; choose another.` };
      saved = [...saved.filter((p) => p.name !== profile.name), profile];
      persist();
      return { ok: true };
    },
    remove(name) {
      saved = saved.filter((p) => p.name !== name);
      if (activeName === name) activeName = null;
      persist();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
