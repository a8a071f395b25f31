/**
 * The calibration profile Ask scores with, in one line that opens on demand:
 * its name, and when it was fit on other data than the open database, a
 * warning that its P(correct) and thresholds were learned there and may not
 * hold here. The rule is plain: the profile's provenance (`provenance.data`)
 * must name the open database's id; otherwise the line says so and the folded
 * part says what the profile was fit on. The rule and its words are
 * core/profile-fit.ts's, which `confide ask` uses too.
 */
import { fitOn, profileFitWarning } from '../../core/profile-fit.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { OpenDatabase } from '../database/database.ts';
import { el } from '../ui/dom.ts';
import { foldLine } from '../ui/fold.ts';

/**
 * The profile's line; a warning when it was fit on other data than `db`.
 *
 * @example notes.replaceChildren(profileNote(profiles.active(), dbs.current));
 */
export function profileNote(profile: CalibrationProfile | null, db: OpenDatabase | null): HTMLElement {
  if (profile === null) return el('p', { class: 'muted profile-line' }, 'No calibration profile: import one under Profiles.');
  const v = profile.provenance;
  const facts = el('p', {}, `Fit on ${v.data}; candidates from ${v.generator}; ${v.n_questions} questions. Change it under Profiles.`);
  if (db === null || fitOn(profile, db)) {
    return foldLine({ id: 'profile-line', summary: [`Calibration profile: "${profile.name}"`], body: [facts] });
  }
  return foldLine({
    id: 'profile-line',
    kind: 'warning',
    summary: [el('strong', {}, 'Calibration from other data: '), `treat P(correct) as rough on "${db.name}"`],
    body: [el('p', { id: 'profile-fit-warning' }, profileFitWarning(profile, db.name, 'Evaluate')), facts],
  });
}
