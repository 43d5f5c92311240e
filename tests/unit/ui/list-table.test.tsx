// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../features/service-tokens/dom-test-setup';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, needs } from '../../../src/contract/endpoint';
import {
  listQuerySchema,
  listResponseSchema,
  searchFilterSchema,
} from '../../../src/contract/list';
import { api } from '../../../src/lib/api-client';
import { createColumnHelper } from '../../../src/ui/data-table/columns';
import { listQueryOptions } from '../../../src/ui/data-table/list-query';
import { listRouteSearch } from '../../../src/ui/data-table/list-search';
import { ListTable } from '../../../src/ui/data-table/list-table';
import { useListSearch } from '../../../src/ui/data-table/use-list-search';
import { SearchInput } from '../../../src/ui/search-input';
import { renderInRouter } from '../../support/render-in-router';

const PersonSchema = z.object({ id: z.number(), name: z.string(), role: z.string() });
type Person = z.infer<typeof PersonSchema>;

const people = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/people',
    access: needs('section_users'),
    summary: 'People',
    query: listQuerySchema({
      sortable: ['name', 'created_at'],
      defaultSort: 'created_at',
      filters: { search: searchFilterSchema, role: z.enum(['admin', 'operator']).optional() },
    }),
    response: listResponseSchema(PersonSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/people/export',
    access: needs('section_users'),
    summary: 'People as CSV',
    query: z.object({ search: searchFilterSchema, role: z.string().optional() }),
    response: PersonSchema,
    produces: 'csv',
  }),
};

const column = createColumnHelper<Person>();
const COLUMNS = [
  column.accessor('name', { header: 'Name', meta: { rowHeader: true } }),
  column.accessor('role', { header: 'Role' }),
];

function PeoplePage() {
  const list = useListSearch(people.list);
  const query = useQuery(listQueryOptions(['people'], people.list, list.apiQuery));
  return (
    <ListTable
      tableId="people-test"
      title="People"
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      list={list}
      query={query}
      filters={
        <SearchInput
          label="Search people"
          value={list.search.search ?? ''}
          onChange={(text) => list.setFilters({ search: text || undefined }, { replace: true })}
        />
      }
      rowActions={(row) => <button type="button">Edit {row.name}</button>}
      exportHref={api.href(people.export, { query: list.filterQuery })}
      empty="Nobody yet"
      emptyFiltered="Nobody matches"
    />
  );
}

type Answer = { status?: number; body: unknown };
let answer: (url: URL) => Answer;
const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
  answer = () => ({
    body: {
      ok: true,
      data: [
        { id: 1, name: 'Ada', role: 'admin' },
        { id: 2, name: 'Bob', role: 'operator' },
      ],
      total: 1234,
    },
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    requests.push(url);
    const { status = 200, body } = answer(url);
    return new Response(JSON.stringify(body), { status });
  });
});
afterEach(cleanup);

function open(url = '/list') {
  const user = userEvent.setup();
  const harness = renderInRouter(<PeoplePage />, {
    url,
    validateSearch: listRouteSearch<typeof people.list>(),
  });
  return { user, ...harness };
}

describe('the list table', { timeout: 20_000 }, () => {
  it('asks the server for the page the URL names, with the defaults filled in', async () => {
    open('/list?page=3&sort=name&order=asc&role=operator');
    await screen.findByRole('rowheader', { name: 'Ada' });
    const asked = requests[0]?.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      page: '3',
      per_page: '25',
      sort: 'name',
      order: 'asc',
      role: 'operator',
    });
    expect(screen.getByTestId('table-range')).toHaveTextContent('51–75 of 1,234');
  });

  it('drops what the schema refuses and keeps the rest of the link', async () => {
    const { search } = open('/list?page=zero&sort=password&role=operator&per_page=7');
    await screen.findByRole('rowheader', { name: 'Ada' });
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      page: '1',
      per_page: '25',
      sort: 'created_at',
      order: 'desc',
      role: 'operator',
    });
    // The address itself is left as it was given until the user changes something.
    expect(search()).toContain('role=operator');
  });

  it('writes a hand-edited link in its normal form once the list changes', async () => {
    const { user, search } = open('/list?page=zero&sort=password&role=operator&per_page=25');
    await screen.findByRole('rowheader', { name: 'Ada' });
    expect(search()).toBe('page=zero&sort=password&role=operator&per_page=25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // The refused page and sort go, the default page size goes, the filter stays.
    await waitFor(() => expect(search()).toBe('role=operator&page=2'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('sorts from the header: aria-sort, then sort and order in the URL, back to page 1', async () => {
    const { user, search } = open('/list?page=4');
    const table = await screen.findByRole('table', { name: 'People' });
    const name = within(table).getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'none');
    // Only the schema's sortable columns get a sort button.
    expect(within(table).getByRole('columnheader', { name: 'Role' })).not.toHaveAttribute(
      'aria-sort',
    );
    await user.click(within(name).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(search()).toBe('sort=name&order=asc'));
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(within(name).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(search()).toBe('sort=name'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(requests.at(-1)?.searchParams.get('order')).toBe('desc');
  });

  it('pages and changes the page size in the URL', async () => {
    const { user, search } = open();
    await screen.findByRole('rowheader', { name: 'Ada' });
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–25 of 1,234');
    expect(screen.getByText('Page 1 of 50')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search()).toBe('page=2'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(search()).toBe('page=50'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(search()).toBe('per_page=100'));
    expect(screen.getByText('Page 1 of 13')).toBeVisible();
  });

  it("says '10,000+' when the server stopped counting", async () => {
    answer = () => ({
      body: {
        ok: true,
        data: [{ id: 1, name: 'Ada', role: 'admin' }],
        total: 10_000,
        total_capped: true,
      },
    });
    open('/list?page=2&per_page=50');
    await screen.findByRole('rowheader', { name: 'Ada' });
    expect(screen.getByTestId('table-range')).toHaveTextContent('51–100 of 10,000+');
    expect(screen.getByText('Page 2 of 200+')).toBeVisible();
  });

  it('shows an empty state, another one while a filter is set', async () => {
    answer = () => ({ body: { ok: true, data: [], total: 0 } });
    open();
    expect(await screen.findByText('Nobody yet')).toBeVisible();
    cleanup();
    open('/list?search=zed');
    expect(await screen.findByText('Nobody matches')).toBeVisible();
    expect(screen.getByTestId('table-range')).toHaveTextContent('0–0 of 0');
  });

  it("shows the server's message with a Retry that asks again", async () => {
    let fail = true;
    answer = () =>
      fail
        ? { status: 503, body: { ok: false, message: 'Database is restarting' } }
        : { body: { ok: true, data: [{ id: 1, name: 'Ada', role: 'admin' }], total: 1 } };
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load People: Database is restarting');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Ada' })).toBeVisible();
  });

  it('keeps the current rows on screen, marked busy, while the next page loads', async () => {
    let release: () => void = () => undefined;
    const { user } = open();
    await screen.findByRole('rowheader', { name: 'Ada' });
    const slow = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () => {
      await slow;
      return new Response(
        JSON.stringify({ ok: true, data: [{ id: 3, name: 'Cy', role: 'admin' }], total: 1234 }),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const table = screen.getByRole('table', { name: 'People' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(within(table).getByRole('rowheader', { name: 'Ada' })).toBeVisible();
    release();
    expect(await screen.findByRole('rowheader', { name: 'Cy' })).toBeVisible();
    expect(table).not.toHaveAttribute('aria-busy');
  });

  it('searches after typing stops, replacing the page, and links the CSV export to the filter', async () => {
    const { user, search } = open('/list?page=2&sort=name');
    await screen.findByRole('rowheader', { name: 'Ada' });
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'ad');
    await waitFor(() => expect(search()).toBe('sort=name&search=ad'), { timeout: 3_000 });
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('href', '/api/people/export?sort=name&order=desc&search=ad');
  });

  it('hides a column from the Columns menu and remembers it for the table', async () => {
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'People' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Role' }));
    expect(within(table).queryByRole('columnheader', { name: 'Role' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('table-columns:people-test') ?? '{}')).toEqual({
      role: false,
    });
    // The last visible column cannot be hidden.
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    cleanup();
    open();
    const again = await screen.findByRole('table', { name: 'People' });
    await within(again).findByRole('rowheader', { name: 'Ada' });
    expect(within(again).queryByRole('columnheader', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('puts row actions in an Actions column, reachable by keyboard', async () => {
    const { user } = open();
    await screen.findByRole('rowheader', { name: 'Ada' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    // Tab from the pager's last button wraps nowhere: walk forward from the search box instead.
    screen.getByRole('searchbox', { name: 'Search people' }).focus();
    const reached: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      reached.push(document.activeElement?.textContent ?? '');
    }
    expect(reached).toContain('Edit Ada');
  });
});
