import { describe, expect, it } from 'vitest';
import { locateBenchmarks } from '../../../src/core/bench/bench-files.ts';
import { toCsv } from '../../../src/core/eval/csv.ts';

describe('finding a benchmark in a folder or zip listing', () => {
  it('finds a Spider folder under the picked folder, skipping schema files', () => {
    const paths = [
      'spider/dev.json',
      'spider/tables.json',
      'spider/train_spider.json',
      'spider/database/a/a.sqlite',
      'spider/database/b/b.sqlite',
      'spider/README.txt',
    ];
    expect(locateBenchmarks(paths)).toEqual([{ root: 'spider/', splits: ['dev', 'train_spider'] }]);
  });

  it('finds a BIRD split by its <split>_databases folder, at the top level', () => {
    const paths = ['dev.json', 'dev_tables.json', 'dev_databases/x/x.sqlite'];
    expect(locateBenchmarks(paths)).toEqual([{ root: '', splits: ['dev'] }]);
  });

  it('finds nothing without databases next to the question file', () => {
    expect(locateBenchmarks(['dev.json', 'other/database/a/a.sqlite'])).toEqual([]);
    expect(locateBenchmarks(['x/dev.json', 'x/database/a/b.sqlite'])).toEqual([]);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['two\nlines', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"two\nlines",3\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves negative numbers alone', () => {
    expect(toCsv(['v'], [['=HYPERLINK("x")'], ['-0.5'], [-0.5], ['@cmd']])).toBe(`v\r\n"'=HYPERLINK(""x"")"\r\n-0.5\r\n-0.5\r\n'@cmd\r\n`);
  });

  it('writes missing values empty and NaN as NaN', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, Number.NaN, true]])).toBe('a,b,c\r\n,NaN,true\r\n');
  });
});
