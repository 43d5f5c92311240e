// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import './dom-test-setup';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SERVICE_TOKEN_TEXTS,
  maskToken,
  type ServiceTokenRow,
} from '../../../../src/contract/service-tokens';
import { ServiceTokensPage } from '../../../../src/features/service-tokens/components/service-tokens-page';
import { notify } from '../../../../src/lib/notices';
import { fakeFetch, renderWithUser, userWith } from './render-with-user';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ROWS: ServiceTokenRow[] = [
  {
    id: 1,
    service_name: 'Photo Feed',
    token: 'abcd************z',
    expires_at: null,
    revoked_at: null,
    created_at: '2025-03-05T14:03:04.000Z',
  },
  {
    id: 2,
    service_name: 'Chat Relay',
    token: 'wxyz************q',
    expires_at: '0000-00-00 00:00:00',
    revoked_at: '2025-04-01T09:00:00.000Z',
    created_at: '0000-00-00 00:00:00',
  },
];

const ALL = [
  'can_create_api_token',
  'can_revoke_api_token',
  'can_view_api_token',
  'can_copy_api_token',
];

function serveTokens(extra?: (url: URL, init?: RequestInit) => unknown) {
  return fakeFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer !== undefined) return answer;
    if (url.pathname === '/api/service-tokens/') return { ok: true, data: ROWS, total: 37 };
    if (url.pathname === '/api/v2/services/fetch')
      return [
        { id: 3, name: 'Photo Feed' },
        { id: 4, name: 'Chat Relay' },
      ];
    return new Response(JSON.stringify({ ok: false, message: 'not found' }), { status: 404 });
  });
}

const tokenRequests = (urls: URL[]) =>
  urls.filter((url) => url.pathname === '/api/service-tokens/');

// Rendering with Headless UI in jsdom is slow on a busy two-core machine: allow more than 5 s.
describe('the service tokens page', { timeout: 20_000 }, () => {
  it('lists a page of tokens with the SPEC columns and date rules', async () => {
    const { urls } = serveTokens();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    const table = await screen.findByRole('table', { name: SERVICE_TOKEN_TEXTS.title });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Service', 'Expires At', 'Revoked', 'Created', 'Actions']);
    const photo = within(screen.getByTestId('token-row-1')).getAllByRole('cell');
    expect(photo[0]).toHaveTextContent('Never');
    expect(photo[1]).toHaveTextContent('No');
    expect(photo[2]).toHaveTextContent('Mar 05, 2025 02:03:04 PM');
    const chat = within(screen.getByTestId('token-row-2')).getAllByRole('cell');
    expect(chat[0]).toHaveTextContent(/^$/);
    expect(chat[1]).toHaveTextContent('Apr 01, 2025 09:00:00 AM');
    expect(chat[2]).toHaveTextContent(/^$/);
    expect(screen.getByTestId('token-range')).toHaveTextContent('1–10 of 37');
    expect(screen.getByText('Page 1 of 4')).toBeVisible();
    const first = tokenRequests(urls)[0];
    expect(first?.searchParams.get('page')).toBe('1');
    expect(first?.searchParams.get('per_page')).toBe('10');
    expect(first?.searchParams.has('service_name')).toBe(false);
  });

  it('marks the list as last updated when the device goes offline', async () => {
    serveTokens();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await screen.findByRole('table', { name: SERVICE_TOKEN_TEXTS.title });
    expect(screen.queryByTestId('last-updated-marker')).not.toBeInTheDocument();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByTestId('last-updated-marker')).toHaveTextContent(
        /^Last updated \w{3} \d{2}, \d{4} \d{2}:\d{2}:\d{2} [AP]M, offline$/,
      );
      // The rows stay.
      expect(screen.getByTestId('token-row-1')).toBeVisible();
    } finally {
      onLine.mockRestore();
      // TanStack Query follows the same events: back online for the next tests.
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });

  it('pages on the server and switches to 25 rows per page', async () => {
    const { urls } = serveTokens();
    const user = userEvent.setup();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await screen.findByTestId('token-row-1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(tokenRequests(urls).at(-1)?.searchParams.get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await waitFor(() => {
      const last = tokenRequests(urls).at(-1);
      expect(last?.searchParams.get('per_page')).toBe('25');
      expect(last?.searchParams.get('page')).toBe('1');
    });
  });

  describe('permission gating', () => {
    it("shows 'New Api Token' only with can_create_api_token", async () => {
      serveTokens();
      renderWithUser(<ServiceTokensPage />, userWith(['can_revoke_api_token']));
      await screen.findByTestId('token-row-1');
      expect(
        screen.queryByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }),
      ).not.toBeInTheDocument();
      cleanup();
      renderWithUser(<ServiceTokensPage />, userWith(['can_create_api_token']));
      expect(
        await screen.findByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }),
      ).toBeVisible();
    });

    it('offers revoke only with can_revoke_api_token and only for active tokens', async () => {
      serveTokens();
      renderWithUser(<ServiceTokensPage />, userWith(['can_revoke_api_token']));
      await screen.findByTestId('token-row-1');
      expect(
        within(screen.getByTestId('token-row-1')).getByRole('button', { name: /Revoke/ }),
      ).toBeVisible();
      expect(
        within(screen.getByTestId('token-row-2')).queryByRole('button', { name: /Revoke/ }),
      ).not.toBeInTheDocument();
      cleanup();
      renderWithUser(<ServiceTokensPage />, userWith([]));
      await screen.findByTestId('token-row-1');
      expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    });
  });

  it('searches by service name on the server, 500 ms after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { urls } = serveTokens();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(tokenRequests(urls)).toHaveLength(1);

    const box = screen.getByPlaceholderText(SERVICE_TOKEN_TEXTS.search);
    for (const text of ['p', 'ph', 'pho']) {
      fireEvent.change(box, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(300));
    }
    // 300 ms after the last keystroke: nothing asked yet.
    expect(tokenRequests(urls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(tokenRequests(urls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(tokenRequests(urls)).toHaveLength(2);
    expect(tokenRequests(urls)[1]?.searchParams.get('service_name')).toBe('pho');
    expect(tokenRequests(urls)[1]?.searchParams.get('page')).toBe('1');

    // The clear button applies at once: the unfiltered first page comes from the cache.
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(tokenRequests(urls)).toHaveLength(2);
    expect(screen.getByTestId('token-row-1')).toBeInTheDocument();
  });

  it("revokes after a confirmation that shows the token masked: 'API Token Revoked'", async () => {
    const revoked: string[] = [];
    serveTokens((url, init) => {
      if (url.pathname.startsWith('/api/service-tokens/revoke/')) {
        revoked.push(`${init?.method} ${url.pathname} ${String(init?.body)}`);
        return { ok: true };
      }
      if (url.pathname === '/api/csrf-token') return { ok: true, data: 'csrf' };
      return undefined;
    });
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await user.click(
      within(await screen.findByTestId('token-row-1')).getByRole('button', { name: /Revoke/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke API Token' });
    expect(within(dialog).getByTestId('revoke-token-masked')).toHaveTextContent(
      maskToken(ROWS[0]?.token ?? ''),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SERVICE_TOKEN_TEXTS.revoked));
    expect(revoked).toEqual(['POST /api/service-tokens/revoke/1 {}']);
  });

  it("reports a failed revoke as 'Error: {server message}'", async () => {
    serveTokens((url) => {
      if (url.pathname.startsWith('/api/service-tokens/revoke/'))
        return new Response(JSON.stringify({ ok: false, message: 'Token already revoked' }), {
          status: 409,
        });
      if (url.pathname === '/api/csrf-token') return { ok: true, data: 'csrf' };
      return undefined;
    });
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await user.click(
      within(await screen.findByTestId('token-row-1')).getByRole('button', { name: /Revoke/ }),
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error: Token already revoked'));
  });

  it('creates a token: pick a service, Create, Yes, then the masked token', async () => {
    const created: unknown[] = [];
    serveTokens((url, init) => {
      if (url.pathname === '/api/service-tokens/create') {
        created.push(JSON.parse(String(init?.body)));
        return {
          ok: true,
          data: { id: 9, token: 'mc_a************9', raw_token: 'mc_abcdefghij9' },
        };
      }
      if (url.pathname === '/api/csrf-token') return { ok: true, data: 'csrf' };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await user.click(await screen.findByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }));
    const dialog = await screen.findByRole('dialog', { name: 'New Api Token' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    const select = within(dialog).getByLabelText('Service');
    await within(select).findByRole('option', { name: 'Chat Relay' });
    await user.selectOptions(select, 'Chat Relay');
    expect(create).toBeEnabled();
    await user.click(create);
    const question = await screen.findByRole('alertdialog', { name: 'Create API Token' });
    expect(question).toHaveTextContent('Create a new API token for Chat Relay?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    const result = await screen.findByRole('dialog', { name: 'API Token Created' });
    expect(created).toEqual([{ service_id: 4 }]);
    expect(within(result).getByTestId('created-token')).toHaveTextContent(
      maskToken('mc_abcdefghij9'),
    );
  });

  it("reports a failed create as 'Error: {server message}' and stays on the service choice", async () => {
    serveTokens((url) => {
      if (url.pathname === '/api/service-tokens/create')
        return new Response(JSON.stringify({ ok: false, message: 'Service is disabled' }), {
          status: 422,
        });
      if (url.pathname === '/api/csrf-token') return { ok: true, data: 'csrf' };
      return undefined;
    });
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup();
    renderWithUser(<ServiceTokensPage />, userWith(ALL));
    await user.click(await screen.findByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }));
    const select = await screen.findByLabelText('Service');
    await within(select).findByRole('option', { name: 'Chat Relay' });
    await user.selectOptions(select, 'Photo Feed');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error: Service is disabled'));
    expect(await screen.findByRole('dialog', { name: 'New Api Token' })).toBeVisible();
  });
});
