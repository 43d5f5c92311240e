// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../service-tokens/dom-test-setup';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { auditLogEndpoints } from '../../../../src/contract/audit-log';
import { type AuditLogRow } from '../../../../src/contract/audit-log';
import { AUDIT_LOG_TEXTS as TEXTS } from '../../../../src/features/audit-log/audit-log-texts';
import { AuditLogPage } from '../../../../src/features/audit-log/components/audit-log-page';
import { listRouteSearch } from '../../../../src/ui/data-table/list-search';
import { renderInRouter } from '../../../support/render-in-router';

const ROWS: AuditLogRow[] = [
  {
    id: 41,
    at: '2025-05-01T14:03:04.000Z',
    actor_id: 1,
    actor_username: 'ada',
    action: 'session.kick',
    target_type: 'user',
    target_id: '3',
    details: { username: 'olive', items_returned: 2 },
    ip: '10.0.0.9',
  },
  {
    id: 40,
    at: '2025-05-01T14:00:00.000Z',
    actor_id: null,
    actor_username: null,
    action: 'settings.save',
    target_type: 'setting',
    target_id: 'lease_grace_seconds',
    details: {},
    ip: null,
  },
];

function serve() {
  const urls: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    urls.push(url);
    return new Response(JSON.stringify({ ok: true, data: ROWS, total: 2 }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

function renderPage(url = '/user-logs') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
  return renderInRouter(<AuditLogPage />, {
    path: '/user-logs',
    url,
    queryClient,
    validateSearch: listRouteSearch<typeof auditLogEndpoints.list>(),
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the audit log page', { timeout: 20_000 }, () => {
  it('shows who did what to what, and keeps the filters in the URL and the export link', async () => {
    const user = userEvent.setup();
    const urls = serve();
    const page = renderPage('/user-logs?actor=ada');
    const kick = await screen.findByTestId('audit-41');
    const cells = within(kick)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(within(kick).getByRole('rowheader')).toHaveTextContent('ada');
    expect(cells).toEqual(expect.arrayContaining(['Kicked user', 'User #3olive', '10.0.0.9']));
    expect(within(screen.getByTestId('audit-40')).getByRole('rowheader')).toHaveTextContent(
      TEXTS.system,
    );
    expect(urls.at(-1)?.searchParams.get('actor')).toBe('ada');

    await user.selectOptions(screen.getByRole('combobox', { name: TEXTS.action }), 'session.kick');
    await waitFor(() => expect(page.search()).toBe('actor=ada&action=session.kick'));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('action')).toBe('session.kick'));
    const exported = new URL(
      screen.getByTestId('export-csv').getAttribute('href') ?? '',
      'http://console.test',
    );
    expect(exported.pathname).toBe('/api/audit-log/export');
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      sort: 'at',
      order: 'desc',
      actor: 'ada',
      action: 'session.kick',
    });

    // A target id only with its type; clearing the type clears the id too.
    expect(screen.queryByRole('searchbox', { name: TEXTS.targetId })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: TEXTS.targetType }), 'user');
    await user.type(await screen.findByRole('searchbox', { name: TEXTS.targetId }), '3');
    await waitFor(() => expect(page.search()).toContain('target_type=user&target_id=3'));
    await user.selectOptions(screen.getByRole('combobox', { name: TEXTS.targetType }), '');
    await waitFor(() => expect(page.search()).toBe('actor=ada&action=session.kick'));
  });

  it('narrows to an actor from the row, and opens an entry with its recorded details', async () => {
    const user = userEvent.setup();
    serve();
    const page = renderPage();
    const kick = await screen.findByTestId('audit-41');
    await user.click(within(kick).getByRole('button', { name: 'ada' }));
    await waitFor(() => expect(page.search()).toBe('actor=ada'));

    await user.click(
      within(screen.getByTestId('audit-41')).getByRole('button', {
        name: /^View details of Kicked user/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Kicked user' });
    expect(within(dialog).getByText('session.kick')).toBeInTheDocument();
    expect(JSON.parse(within(dialog).getByTestId('audit-entry-details').textContent ?? '')).toEqual(
      { username: 'olive', items_returned: 2 },
    );
    expect(within(dialog).getByText(TEXTS.readOnly)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(
      within(screen.getByTestId('audit-40')).getByRole('button', { name: /^View details of/ }),
    );
    expect(await screen.findByText(TEXTS.detailsEmpty)).toBeInTheDocument();
  });
});
