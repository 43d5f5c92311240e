// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../features/service-tokens/dom-test-setup';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, needs } from '../../../src/contract/endpoint';
import {
  decodeCursor,
  encodeCursor,
  keysetQuerySchema,
  keysetResponseSchema,
} from '../../../src/contract/list';
import { createColumnHelper } from '../../../src/ui/data-table/columns';
import { listQueryOptions } from '../../../src/ui/data-table/list-query';
import { listRouteSearch } from '../../../src/ui/data-table/list-search';
import { ListTable } from '../../../src/ui/data-table/list-table';
import { useListSearch } from '../../../src/ui/data-table/use-list-search';
import { renderInRouter } from '../../support/render-in-router';

const EventSchema = z.object({ id: z.number(), name: z.string() });
type Event = z.infer<typeof EventSchema>;

const events = defineEndpoint({
  method: 'GET',
  path: '/api/events',
  access: needs('section_users'),
  summary: 'Events',
  query: keysetQuerySchema({ filters: { kind: z.string().optional() } }),
  response: keysetResponseSchema(EventSchema),
});

const column = createColumnHelper<Event>();
const COLUMNS = [column.accessor('name', { header: 'Name', meta: { rowHeader: true } })];
const opened: Event[] = [];

function EventsPage() {
  const list = useListSearch(events);
  const query = useQuery(listQueryOptions(['events'], events, list.apiQuery));
  return (
    <ListTable
      tableId="events-test"
      title="Events"
      columns={COLUMNS}
      getRowId={(row) => String(row.id)}
      list={list}
      query={query}
      paging="keyset"
      onRowOpen={(row) => opened.push(row)}
    />
  );
}

const NEXT = encodeCursor({ at: '2025-01-01T00:00:00.000001Z', id: 51 });
const PREV = encodeCursor({ at: '2025-01-02T00:00:00.000000Z', id: 100 });
const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  opened.length = 0;
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    requests.push(url);
    const deep = url.searchParams.has('after') || url.searchParams.has('before');
    const body = {
      ok: true,
      data: [
        { id: 1, name: 'Newest' },
        { id: 2, name: 'Older' },
      ],
      next_cursor: NEXT,
      prev_cursor: deep ? PREV : null,
      total: 10_000,
      total_capped: true,
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});
afterEach(cleanup);

/** The address's params, whatever their order. */
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

function open(url = '/list') {
  const user = userEvent.setup();
  const harness = renderInRouter(<EventsPage />, {
    url,
    validateSearch: listRouteSearch<typeof events>(),
  });
  return { user, ...harness };
}

describe('a keyset list', { timeout: 20_000 }, () => {
  it('follows the cursors, keeps the page number in the URL, and a filter starts over', async () => {
    const { user, search } = open();
    await screen.findByRole('rowheader', { name: 'Newest' });
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–2 of 10,000+');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(params(search())).toEqual({ after: NEXT, page: '2' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('after')).toBe(NEXT));
    expect(requests.at(-1)?.searchParams.has('page')).toBe(true);
    expect(await screen.findByText('Page 2')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('table-range')).toHaveTextContent('51–52 of 10,000+'),
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(params(search())).toEqual({ after: NEXT, page: '3' }));
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(params(search())).toEqual({ before: PREV, page: '2' }));
    // Back to page 1 without a cursor: the newest rows, also those that came meanwhile.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(search()).toBe(''));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search()).toContain('after='));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(search()).toBe('per_page=100'));
  });

  it('opens a row on a click outside its controls', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('rowheader', { name: 'Older' }));
    expect(opened.map((row) => row.id)).toEqual([2]);
  });

  it('drops a hand-edited cursor from the link and reads the first page', async () => {
    open('/list?after=not-a-cursor&page=7');
    await screen.findByRole('rowheader', { name: 'Newest' });
    expect(requests[0]?.searchParams.has('after')).toBe(false);
  });
});

describe('keyset cursors', () => {
  it('round-trip a position to the microsecond, and refuse anything else', () => {
    const cursor = { at: '2025-06-15T12:00:00.123456Z', id: 9_007_199_254_740_991 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const text of ['', 'zz', encodeCursor({ at: '2025-06-15', id: 1 }), '31~32']) {
      expect(decodeCursor(text)).toBeNull();
    }
    const schema = keysetQuerySchema({ filters: {} });
    expect(schema.safeParse({ per_page: '500' }).success).toBe(false);
    expect(schema.safeParse({ colour: 'red' }).error?.issues[0]?.message).toMatch(
      /Unknown parameter colour/,
    );
  });
});
