// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../service-tokens/dom-test-setup';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { loginHistoryEndpoints } from '../../../../src/contract/login-history';
import { type LoginHistoryRow } from '../../../../src/contract/login-history';
import { LoginHistoryPage } from '../../../../src/features/login-history/components/login-history-page';
import { LOGIN_HISTORY_TEXTS as TEXTS } from '../../../../src/features/login-history/login-history-texts';
import { listRouteSearch } from '../../../../src/ui/data-table/list-search';
import { renderInRouter } from '../../../support/render-in-router';

const ROWS: LoginHistoryRow[] = [
  {
    id: 9,
    user_id: null,
    username: 'mallory',
    attempted_at: '2025-05-01T14:03:04.000Z',
    ip: '203.0.113.7',
    user_agent: 'curl/8.5.0',
    success: false,
    reason: 'unknown user',
  },
  {
    id: 8,
    user_id: 3,
    username: 'olive',
    attempted_at: '2025-05-01T14:00:00.000Z',
    ip: '10.0.0.2',
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    success: true,
    reason: null,
  },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the login history page', { timeout: 20_000 }, () => {
  it('shows each attempt with its result and reason, and filters through the URL', async () => {
    const user = userEvent.setup();
    const urls: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      urls.push(new URL(String(input instanceof Request ? input.url : input)));
      return new Response(JSON.stringify({ ok: true, data: ROWS, total: 2 }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const page = renderInRouter(<LoginHistoryPage />, {
      path: '/user-login-history',
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      validateSearch: listRouteSearch<typeof loginHistoryEndpoints.list>(),
    });
    const failed = await screen.findByTestId('login-9');
    expect(
      within(failed)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['May 01, 2025 02:03:04 PM', 'FailedUnknown username', '203.0.113.7', 'curl/8.5.0']);
    expect(within(failed).getByText(TEXTS.unknownAccount)).toBeInTheDocument();
    expect(within(screen.getByTestId('login-8')).getByText('Chrome 131 · Linux')).toHaveAttribute(
      'title',
      ROWS[1]?.user_agent,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: TEXTS.result }), 'failure');
    await waitFor(() => expect(page.search()).toBe('result=failure'));
    await user.click(within(failed).getByRole('button', { name: 'mallory' }));
    await waitFor(() => expect(page.search()).toBe('result=failure&user=mallory'));
    await waitFor(() => {
      const last = urls.at(-1);
      expect(last?.pathname).toBe('/api/login-history');
      expect(last?.searchParams.get('user')).toBe('mallory');
      expect(last?.searchParams.get('result')).toBe('failure');
    });
    const exported = new URL(
      screen.getByTestId('export-csv').getAttribute('href') ?? '',
      'http://console.test',
    );
    expect(exported.pathname).toBe('/api/login-history/export');
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      sort: 'attempted_at',
      order: 'desc',
      result: 'failure',
      user: 'mallory',
    });
  });
});
