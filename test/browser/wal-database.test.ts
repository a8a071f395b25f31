/**
 * A WAL database in the page. Opened alone (the browser hands over only the
 * file chosen), its committed rows still in the -wal were not there and the
 * page said nothing: an empty database, silently. Now the page says the
 * database is in WAL mode and how to include its -wal; chosen or dropped
 * with its -wal, it is read as SQLite reads the pair.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprints, sqliteReads, walCopy } from '../engines/sql/wal-fixture.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-page-wal-'));
  ({ path: db } = walCopy(dir, 'shop.sqlite', (w) => {
    w.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT)');
    const insert = w.prepare('INSERT INTO orders (item) VALUES (?)');
    for (let c = 0; c < 3; c++)
      w.transaction(() => {
        for (let i = 0; i < 40; i++) insert.run(`item ${c}-${i}`);
      })();
  }));
  app = await openApp({ query: '?db=none' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a WAL database in the page', () => {
  it('opened alone: says it shows no tables because changes may sit in its -wal, and how to include them', async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(db);
    await page.locator('.db-status .db-name', { hasText: 'copy-shop.sqlite' }).waitFor({ timeout: 30_000 });
    const note = page.locator('.db-wal');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toBe(
      'copy-shop.sqlite shows no tables. It is in WAL mode and was opened without its -wal, so it is read as of its last checkpoint: changes committed since may sit in copy-shop.sqlite-wal, beside it, and are not shown. To include them, open both files together (choose both in the file picker, or drop both on the page).',
    );
  });

  it('chosen with its -wal: the rows SQLite reads, the -wal named in the status, the files unchanged', async () => {
    const { page } = app;
    const before = fingerprints(db);
    expect(sqliteReads(db).orders).toHaveLength(120);
    await page.locator('#db-file').setInputFiles([db, `${db}-wal`]);
    await expect
      .poll(() => page.locator('.db-wal').textContent(), { timeout: 30_000 })
      .toMatch(/^copy-shop\.sqlite was read with its -wal: 4 committed transactions \(\d+ pages?\) not yet checkpointed into the file\.$/);
    expect(await page.locator('.schema-table[data-table="orders"] summary').textContent()).toContain('120 rows');
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT count(*) AS n, max(item) AS last FROM orders');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.locator('.console-out tbody tr').first().locator('td').allTextContents(), { timeout: 30_000 }).toEqual(['120', 'item 2-9']);
    expect(fingerprints(db)).toEqual(before);
  });

  it('dropped with its -wal: read together; a -wal dropped alone is refused with a reason', async () => {
    const { page } = app;
    const drop = (files: { name: string; path: string }[]) =>
      page.evaluate(
        (list) => {
          const dt = new DataTransfer();
          for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name));
          document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        },
        files.map((f) => ({ name: f.name, bytes: [...readFileSync(f.path)] })),
      );
    await drop([{ name: 'shop.sqlite-wal', path: `${db}-wal` }]);
    await expect
      .poll(() => page.locator('.db-status').textContent())
      .toContain('shop.sqlite-wal is a side file of a SQLite database (its -wal, -shm or -journal), not the database itself');
    await drop([
      { name: 'shop.sqlite-wal', path: `${db}-wal` },
      { name: 'shop.sqlite', path: db },
    ]);
    await page.locator('.db-status .db-name', { hasText: /^shop\.sqlite$/ }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.db-wal').textContent()).toContain('shop.sqlite was read with its -wal: 4 committed transactions');
  });
});
