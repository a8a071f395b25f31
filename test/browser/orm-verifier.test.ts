/**
 * The outcome reward model in the built app: onnxruntime-web in its worker,
 * under the page's CSP and the sub-path, fetching the bundled model from the
 * app's origin. Its scores in the candidate inspector must match the same
 * model run on Node (onnxruntime-web's wasm build) over the same items.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementShares } from '../../src/core/orm/agreement.ts';
import { createOrmScorer } from '../../src/node/orm/score.ts';
import { BUNDLED_ORM_SIDECAR_URL } from '../../src/app/orm/model-store.ts';
import { appUrl, demoReady, openApp, type AppSession } from './harness.ts';
import { askAllDemo } from '../app/demo-ask.ts';
import { scoresOrThrow } from '../../src/engines/orm/engine.ts';

let app: AppSession;
beforeAll(async () => {
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => app?.close());

describe('the ORM verifier', () => {
  it('scores every candidate in a worker, as the same model does on Node', async () => {
    const { page } = app;
    const target = (await askAllDemo(0.2))[6]!;
    await page.getByLabel('Question', { exact: true }).fill(target.question);
    await page.getByLabel('Score with the outcome reward model').check();
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 90_000 });
    const publicDir = new URL('../../public/', import.meta.url);
    const { loadSqlRunner } = await import('../../src/engines/sql/worker/load.ts');
    const { DEMO_DB_PATH } = await import('../../scripts/build-demo.ts');
    const runner = await loadSqlRunner();
    runner.open('demo', new Uint8Array(readFileSync(DEMO_DB_PATH)), 'full');
    const s = runner.schema('demo');
    if (!s.ok) throw new Error(s.error.message);
    let expected: Float32Array | { code: string };
    try {
      const sidecar = JSON.parse(readFileSync(new URL(BUNDLED_ORM_SIDECAR_URL, publicDir), 'utf8'));
      const scorer = await createOrmScorer(new Uint8Array(readFileSync(new URL(`models/${sidecar.model}`, publicDir))), sidecar);
      // The bundled model reads each candidate's agreement with its pool, as the app passes it.
      const shares = agreementShares(target.result.clusters);
      expected = scoresOrThrow(
        await scorer.score(target.result.candidates.map((c, i) => ({ question: target.question, sql: c.sql ?? '', schema: s.schema, agreement: shares[i]! }))),
      );
    } catch (e) {
      expected = { code: (e as { code: string }).code };
    }
    if (!(expected instanceof Float32Array)) {
      // The bundled model does not load on Node either: the page must say so with the same code, not fail silently.
      expect(await page.locator('.notice', { hasText: 'orm verifier did not score' }).textContent()).toContain(expected.code);
      return;
    }
    expect(
      await page.locator('.notice', { hasText: 'verifier did not score' }).count(),
      await page
        .locator('#panel-ask .notice')
        .allTextContents()
        .then((t) => t.join(' | ')),
    ).toBe(0);
    const shown: number[] = [];
    for (const d of await page.locator('.candidates details.candidate').all()) {
      await d.locator('summary').click();
      const text = (await d.locator('dl.facts').textContent()) ?? '';
      const m = /orm (\d\.\d{3})/.exec(text);
      expect(m, text).not.toBeNull();
      shown.push(Number(m![1]));
    }
    expected.forEach((p, i) => expect(shown[i]).toBeCloseTo(p, 2));
    expect(app.requests.filter((r) => !r.url.startsWith(appUrl()))).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
