/**
 * The warning that a calibration profile was fit on other data than the open
 * database: its P(correct) and thresholds were learned there and may not hold
 * here. The rule is plain: the profile's provenance (`provenance.data`) must
 * name the open database's id; otherwise the page says what it was fit on.
 */
import type { CalibrationProfile } from '../../core/profile.ts';
import type { OpenDatabase } from '../database.ts';
import { el } from '../dom.ts';

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
 * The notice, or null when there is nothing to warn about.
 *
 * @example fitNoticeBox.replaceChildren(profileFitNotice(profiles.active(), dbs.current) ?? '');
 */
export function profileFitNotice(profile: CalibrationProfile | null, db: OpenDatabase | null): HTMLElement | null {
  if (profile === null || db === null || fitOn(profile, db)) return null;
  return el('p', { class: 'notice', id: 'profile-fit-warning', role: 'status' },
    el('strong', {}, 'Calibration from other data: '),
    `profile "${profile.name}" was fit on ${profile.provenance.data}, not on "${db.name}". Its P(correct) and thresholds may not hold here: treat them as rough until you fit a profile on questions about this database (Evaluate).`);
}
