import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanFilterSchema,
  listQuerySchema,
  searchFilterSchema,
} from '../../../src/contract/list';
import { isoDateSchema } from '../../../src/contract/validation';
import {
  listDefaults,
  listRouteSearch,
  parseListSearch,
  sortableColumns,
  toUrlForm,
  withoutDefaults,
} from '../../../src/ui/data-table/list-search';
import { parseSearchParams, stringifySearchParams } from '../../../src/lib/search-params';

const schema = listQuerySchema({
  sortable: ['created_at', 'username'],
  defaultSort: 'created_at',
  filters: {
    search: searchFilterSchema,
    active: booleanFilterSchema,
    from: isoDateSchema('from').optional(),
    role: z.enum(['admin', 'operator']).optional(),
  },
});

describe('list state in the URL', () => {
  it("knows the schema's defaults and sortable columns", () => {
    expect(listDefaults(schema)).toEqual({
      page: '1',
      per_page: '25',
      sort: 'created_at',
      order: 'desc',
    });
    expect(sortableColumns(schema)).toEqual(['created_at', 'username']);
    expect(sortableColumns(z.object({ page: z.number() }))).toEqual([]);
  });

  it('reads a link in normal form: defaults left out, refused values dropped, unknown keys ignored', () => {
    const link = {
      page: '1',
      per_page: '50',
      sort: 'password',
      order: 'asc',
      active: 'maybe',
      role: 'operator',
      from: '2025-03-01T00:00:00.000Z',
      debug: 'yes',
    };
    expect(withoutDefaults(schema, parseListSearch(schema, link).url)).toEqual({
      per_page: '50',
      order: 'asc',
      role: 'operator',
      from: '2025-03-01T00:00:00.000Z',
    });
  });

  it("keeps a route's search as text without the schema", () => {
    const validate = listRouteSearch<typeof schema, 'item'>();
    expect(
      validate({ page: '2', sort: 'password', item: '12', empty: '', nested: { a: 1 } }),
    ).toEqual({ page: '2', sort: 'password', item: '12' });
    // Numbers and booleans from elsewhere read as their text; of a repeated key, the first.
    expect(validate({ page: 3, active: true, role: ['admin', 'operator'] })).toEqual({
      page: '3',
      active: 'true',
      role: 'admin',
    });
  });

  it('falls back to page 1 past the last reachable page', () => {
    const { query } = parseListSearch(schema, { page: '500', per_page: '100' });
    expect(query.page).toBe(1);
    expect(query.per_page).toBe(100);
  });

  it('gives the API its query with dates as ISO text and booleans as true/false', () => {
    const { query } = parseListSearch(schema, { active: 'false', from: '2025-03-01' });
    expect(toUrlForm(query)).toEqual({
      page: '1',
      per_page: '25',
      sort: 'created_at',
      order: 'desc',
      active: 'false',
      from: '2025-03-01T00:00:00.000Z',
    });
  });

  it('reads and writes the address as plain text', () => {
    expect(parseSearchParams('?page=2&service_name=123&tag=a&tag=b')).toEqual({
      page: '2',
      service_name: '123',
      tag: ['a', 'b'],
    });
    expect(
      stringifySearchParams({ page: 2, service_name: '123', empty: '', none: undefined }),
    ).toBe('?page=2&service_name=123');
    expect(stringifySearchParams({})).toBe('');
  });
});
