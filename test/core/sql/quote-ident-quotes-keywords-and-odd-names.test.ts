import { describe, expect, it } from 'vitest';
import { isBareIdentifier, quoteIdent } from '../../../src/core/sql/identifier.ts';
import { normalizeSql } from '../../../src/core/sql/normalize.ts';

describe('quoteIdent', () => {
  it('leaves a plain name bare', () => {
    expect(quoteIdent('name')).toBe('name');
    expect(quoteIdent('Singer_ID')).toBe('Singer_ID');
    expect(quoteIdent('_rowid_')).toBe('_rowid_');
  });

  it('quotes an SQLite keyword in any case', () => {
    expect(quoteIdent('order')).toBe('"order"');
    expect(quoteIdent('Select')).toBe('"Select"');
    expect(quoteIdent('GROUP')).toBe('"GROUP"');
  });

  it('quotes a name that is not letters, digits and underscore, doubling inner double quotes', () => {
    expect(quoteIdent('Song Name')).toBe('"Song Name"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
    expect(quoteIdent('1st')).toBe('"1st"');
    expect(quoteIdent('café')).toBe('"café"');
    expect(quoteIdent('')).toBe('""');
  });

  it('agrees with normalization on which names stay bare', () => {
    for (const name of ['order', 'singer', 'Song Name', 'a"b', 'select']) {
      expect(quoteIdent(name) === name).toBe(isBareIdentifier(name));
      expect(normalizeSql(`SELECT [${name}] FROM t`)).toBe(`select ${isBareIdentifier(name) ? name.toLowerCase() : quoteIdent(name)} from t`);
    }
  });
});
