import { describe, expect, it } from 'vitest';
import { statementEnd } from '../../../src/core/prompt/statement-end.ts';

describe('statementEnd finds where the first statement stops', () => {
  it('stops at the first top-level semicolon', () => {
    const text = "SELECT ';' FROM t; SELECT 2";
    expect(text.slice(0, statementEnd(text))).toBe("SELECT ';' FROM t");
  });

  it('runs to the end without a semicolon', () => {
    expect(statementEnd('SELECT 1')).toBe(8);
  });

  it('ignores semicolons in line and block comments and in backtick identifiers', () => {
    const text = 'SELECT `a;b` -- x;\nFROM t /* ; */;';
    expect(text.slice(0, statementEnd(text))).toBe('SELECT `a;b` -- x;\nFROM t /* ; */');
  });

  it('stops at a blank line only when asked', () => {
    const text = 'SELECT a\nFROM t\n  \nThis explains it';
    expect(statementEnd(text)).toBe(text.length);
    expect(text.slice(0, statementEnd(text, { atBlankLine: true }))).toBe('SELECT a\nFROM t');
  });

  it('stops at a backtick only when asked', () => {
    expect(statementEnd('SELECT 1` is it', { atBacktick: true })).toBe(8);
  });

  it('treats an unterminated string as running to the end', () => {
    expect(statementEnd("SELECT 'abc; FROM t")).toBe(19);
  });
});
