/**
 * A benchmark zip whose entries had absolute names (`/bench/dev.json`, as
 * some tools write them) was found as a benchmark but then "dev.json could
 * not be read": the finder read the names relative to the zip, the reader
 * looked them up as written. Now every name is read as a path inside the
 * zip (a leading `/`, a drive, `\` separators), so the benchmark loads; a
 * name that climbs out with `..` is refused, saying which.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { locateBenchmarks } from '../../../src/core/bench/bench-files.ts';
import { createBenchFilesApi } from '../../../src/engines/files/bench-files-api.ts';
import { entryPath } from '../../../src/engines/files/zip-reader.ts';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const dev = JSON.stringify([{ db_id: 'shop', question: 'How many?', query: 'SELECT 1' }]);
const zipOf = (files: Record<string, string>): Blob => new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, text(v)])))]);

describe('zip entry names', () => {
  it.each([
    ['absolute', '/bench/'],
    ['a drive and backslashes', 'C:\\bench\\'],
  ])('%s: the benchmark is found and every file it names is read', async (_, prefix) => {
    const sep = prefix.includes('\\') ? '\\' : '/';
    const api = createBenchFilesApi();
    const opened = await api.openZip(zipOf({ [`${prefix}dev.json`]: dev, [`${prefix}database${sep}shop${sep}shop.sqlite`]: 'not really a database' }));
    expect(opened.ok).toBe(true);
    const paths = opened.ok ? opened.value : [];
    expect(paths).toEqual(['bench/dev.json', 'bench/database/shop/shop.sqlite']);
    const [found] = locateBenchmarks(paths);
    expect(found).toEqual({ root: 'bench/', splits: ['dev'] });
    const question = await api.readZip(`${found!.root}dev.json`, 1 << 20);
    expect(question.ok && new TextDecoder().decode(question.value!)).toBe(dev);
    const parsed = await api.parseQuestions((question as { value: Uint8Array }).value, 'bench/dev.json', 'dev');
    expect(parsed.ok && parsed.value.questions).toHaveLength(1);
  });

  it('refuses a name that climbs out with "..", naming it', async () => {
    const api = createBenchFilesApi();
    const opened = await api.openZip(zipOf({ 'bench/dev.json': dev, 'bench/../../etc/passwd': 'x' }));
    expect(opened).toEqual({
      ok: false,
      code: 'UNSAFE_NAME',
      message: 'lists an entry named "bench/../../etc/passwd", which climbs out of the zip\'s folder (".."): zip the benchmark folder itself',
    });
  });

  it('reads names as paths inside the zip', () => {
    expect(entryPath('/a/b.json')).toBe('a/b.json');
    expect(entryPath('//a//./b.json')).toBe('a/b.json');
    expect(entryPath('D:\\a\\b.json')).toBe('a/b.json');
    expect(entryPath('./a/')).toBe('a/');
    expect(() => entryPath('a\\..\\b')).toThrow(expect.objectContaining({ code: 'UNSAFE_NAME' }));
  });
});
