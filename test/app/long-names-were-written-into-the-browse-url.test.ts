/**
 * Browse writes its state into the URL on every step (browse/route.ts). A
 * table and column named by 100,000 right-to-left overrides went into the
 * URL whole (about 1.8 MB encoded), on each step. Now the URL carries a
 * state only when its names and literals fit the link cap, as the
 * console's links do; a longer one leaves the URL without state.
 */
import { describe, expect, it } from 'vitest';
import { BROWSE_LINK_MAX_CHARS, browseParams, linkParams } from '../../src/app/browse/route.ts';

describe('Browse state in the URL', () => {
  it('keeps a state of ordinary names whole', () => {
    const state = {
      table: 'books',
      sort: { column: 'price', direction: 'desc' as const },
      filters: [{ column: 'genre', literal: "'Fantasy'" }],
      facets: ['genre'],
      page: 1,
    };
    expect(linkParams(state)).toEqual(browseParams(state));
  });

  it('leaves out a state whose names pass the link cap', () => {
    const long = '\u202e'.repeat(100_000);
    expect(linkParams({ table: long, sort: null, filters: [], facets: [], page: 0 })).toEqual({});
    expect(linkParams({ table: 't', sort: { column: long, direction: 'asc' }, filters: [], facets: [], page: 0 })).toEqual({});
    expect(linkParams({ table: 'x'.repeat(BROWSE_LINK_MAX_CHARS - 'table'.length), sort: null, filters: [], facets: [], page: 0 })).not.toEqual({});
  });
});
