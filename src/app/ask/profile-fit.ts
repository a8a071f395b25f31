/**
 * The warning that a calibration profile was fit on other data than the open
 * database: its P(correct) and thresholds were learned there and may not hold
 * here. The rule is plain: the profile's provenance (`provenance.data`) must
 * name the open database's id; otherwise the page says what it was fit on.
 * The warning is read once: "Got it" hides it for this profile and database
 * (notices.ts), and one muted line keeps the caveat in its place.
 */
import type { CalibrationProfile } from '../../core/profile.ts';
import type { OpenDatabase } from '../database.ts';
import { el } from '../dom.ts';
import { dismissibleNote, isDismissed } from '../notices.ts';

/**
 * True when the profile's provenance names the database's id as a word.
 *
 * @example fitOn(defaultProfile, demoDb); // true: "demo bookshop database, 40 questions"
 */
export function fitOn(profile: CalibrationProfile, db: OpenDatabase): boolean {
  const id = db.dbId.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9_])${id}([^a-z0-9_]|$)`).test(profile.provenance.data.toLowerCase());
}

/**
 * The warning, or once dismissed a one-line reminder; null when there is nothing to warn about.
 * `onDismiss` runs after "Got it" (the caller redraws and moves focus on).
 *
 * @example fitNoticeBox.replaceChildren(profileFitNotice(profiles.active(), dbs.current, redraw) ?? '');
 */
export function profileFitNotice(profile: CalibrationProfile | null, db: OpenDatabase | null, onDismiss?: () => void): HTMLElement | null {
  if (profile === null || db === null || fitOn(profile, db)) return null;
  const key = `profile-fit:${profile.name}|${db.dbId}`;
  if (isDismissed(key)) {
    return el('p', { class: 'muted', id: 'profile-fit-reminder' }, `Profile "${profile.name}" was fit on other data than "${db.name}": treat P(correct) as rough here.`);
  }
  return dismissibleNote({ key, kind: 'warning', id: 'profile-fit-warning', ...(onDismiss === undefined ? {} : { onDismiss }) },
    el('strong', {}, 'Calibration from other data: '),
    `profile "${profile.name}" was fit on ${profile.provenance.data}, not on "${db.name}". Its P(correct) and thresholds may not hold here: treat them as rough until you fit a profile on questions about this database (Evaluate).`);
}
