/**
 * The demo's replay candidates and the default calibration profile are
 * committed artifacts made by scripts (the mutation generator; `evaluate()`
 * on real candidates read from ../shared at run time). When either changes,
 * the artifacts must be rebuilt (`npm run demo:candidates`,
 * `npm run profile:fit`); this test says so instead of letting the app ship
 * stale numbers. The profile comparison needs ../shared and is skipped, with
 * a message, where it is absent.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { buildDemoCandidates, DEMO_CANDIDATES_PATH } from '../../scripts/build-demo-candidates.ts';
import { fitDefaultProfile, profileDataPresent, REAL_PROFILE_DATA } from '../../scripts/fit-default-profile.ts';

const realData = profileDataPresent();
if (!realData) console.warn(`bundled-artifacts: default profile comparison skipped, no real candidates at ${REAL_PROFILE_DATA.candidates}`);

describe('bundled artifacts', () => {
  it('public/demo/candidates.jsonl is what npm run demo:candidates makes today', async () => {
    const fresh = serializeCandidateFile(await buildDemoCandidates());
    expect(fresh === readFileSync(DEMO_CANDIDATES_PATH, 'utf8'), 'stale: run npm run demo:candidates').toBe(true);
  });

  it.runIf(realData)('public/profiles/default.json is what npm run profile:fit makes today', { timeout: 600_000 }, async () => {
    const current = JSON.parse(readFileSync('public/profiles/default.json', 'utf8'));
    const fresh = await fitDefaultProfile(current.provenance.created);
    expect(JSON.parse(JSON.stringify(fresh)), 'stale: run npm run profile:fit').toEqual(current);
  });
});
