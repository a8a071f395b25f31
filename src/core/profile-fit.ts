/**
 * Whether a calibration profile was fit on the database being asked about,
 * and the warning when it was not: its P(correct) and thresholds were learned
 * on other data and may not hold here. The rule is plain: the profile's
 * provenance (`provenance.data`) must name the database's id as a word. The
 * page (Ask's profile line) and `confide ask` both say it with these words.
 */
import type { CalibrationProfile } from './profile.ts';

/**
 * True when the profile's provenance names the database id as a word.
 *
 * @example fitOn(defaultProfile, { dbId: 'demo' }); // true for data "demo bookshop database, 40 questions"
 */
export function fitOn(profile: CalibrationProfile, db: { readonly dbId: string }): boolean {
  const id = db.dbId.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9_])${id}([^a-z0-9_]|$)`).test(profile.provenance.data.toLowerCase());
}

/**
 * The warning for a database the profile was not fit on, naming where to fit one (`fitWhere`).
 *
 * @example profileFitWarning(profile, 'planets.sqlite', 'Evaluate');
 * // 'Profile "Default" was fit on Spider dev …, not on "planets.sqlite". Its P(correct) and thresholds may not hold here: …'
 */
export function profileFitWarning(profile: CalibrationProfile, dbName: string, fitWhere: string): string {
  return `Profile "${profile.name}" was fit on ${profile.provenance.data}, not on "${dbName}". Its P(correct) and thresholds may not hold here: treat them as rough until you fit a profile on questions about this database (${fitWhere}).`;
}
