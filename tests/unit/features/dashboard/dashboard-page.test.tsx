// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../src/contract/auth';
import { DASHBOARD_TEXTS } from '../../../../src/contract/dashboard';
import type { DashboardStat } from '../../../../src/contract/socket-events';
import { currentUserQuery } from '../../../../src/features/auth/api/current-user';
import { DashboardPage } from '../../../../src/features/dashboard/components/dashboard-page';
import { DASHBOARD_PAGE_TEXTS } from '../../../../src/features/dashboard/dashboard-texts';
import type { SocketStatus } from '../../../../src/lib/socket-manager';
import { STAT } from './dashboard-fixtures';

// findBy and waitFor give up after 1 s by default, too short on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** A stand-in for the /moderation-statistics socket: records emits, lets the test answer. */
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  const handlers = new Map<string, Set<Handler>>();
  const state = {
    status: 'connected' as SocketStatus,
    emits: [] as string[],
    listeners: new Set<() => void>(),
  };
  const socket = {
    get connected() {
      return state.status === 'connected';
    },
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return socket;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    emit(event: string) {
      state.emits.push(event);
      return socket;
    },
  };
  return {
    socket,
    state,
    serverSends(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    setStatus(status: SocketStatus) {
      state.status = status;
      for (const listener of state.listeners) listener();
      if (status === 'connected') for (const handler of handlers.get('connect') ?? []) handler();
    },
    reset() {
      handlers.clear();
      state.status = 'connected';
      state.emits = [];
    },
  };
});

vi.mock('../../../../src/lib/socket-manager', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    getSocket: () => fake.socket,
    useSocketStatus: () =>
      useSyncExternalStore(
        (listener) => {
          fake.state.listeners.add(listener);
          return () => fake.state.listeners.delete(listener);
        },
        () => fake.state.status,
      ),
  };
});

const TABLE_ANSWERS: Record<string, unknown[]> = {
  '/api/content/get/requests': [
    {
      id: 1,
      service_code: 'photo-feed',
      type: 'validation',
      response: 'content: must be an http(s) URL for image, video, audio and other items',
      request: '{"subscriber_id":"s1","message_type":"image","content":"not a url"}',
      created_at: '2025-03-05T14:03:04.000Z',
    },
  ],
  '/api/aggregators/get/responses': [],
  '/api/aggregators/get/stuck/pending': [],
  '/api/aggregators/get/failed/ai-moderate': [],
  '/api/aggregators/get/pending/stuckPending': [],
};

function serveTables() {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input));
    paths.push(url.pathname);
    const rows = TABLE_ANSWERS[url.pathname];
    if (!rows)
      return new Response(JSON.stringify({ ok: false, message: 'Not allowed' }), { status: 403 });
    return new Response(JSON.stringify({ ok: true, data: rows }), { status: 200 });
  });
  return paths;
}

function renderDashboard(permissions: string[]) {
  const user: CurrentUser = {
    id: 1,
    username: 'admin',
    email: null,
    first_name: '',
    last_name: '',
    role: 'admin',
    permissions: ['section_dashboard', ...permissions],
    max_content: 6,
    is_batch_moderator: false,
    park_time: null,
    must_change_password: false,
    two_factor_setup_required: false,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  return render(
    <QueryClientProvider client={queryClient}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => fake.reset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function send(stat: DashboardStat) {
  act(() => fake.serverSends('dashboard-stat', stat));
}

// Full-page renders in jsdom are slow on a busy two-core machine: allow more than 5 s.
describe('the dashboard', { timeout: 20_000 }, () => {
  it("asks for 'dashboard-stat' at once and every 2 s while open, and stops when closed", async () => {
    vi.useFakeTimers();
    serveTables();
    const { unmount } = renderDashboard([]);
    expect(fake.state.emits).toEqual(['dashboard-stat']);
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(fake.state.emits).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fake.state.emits).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(fake.state.emits).toHaveLength(4);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fake.state.emits).toHaveLength(4);
  });

  it('fills the cards, the services and the contents tables from the socket', async () => {
    serveTables();
    renderDashboard([]);
    send(STAT);
    expect(screen.getByTestId('stat-total-pending-value')).toHaveTextContent('1,520');
    expect(screen.getByTestId('stat-handled-value')).toHaveTextContent('9,876');

    const services = screen.getByRole('table', { name: 'Services' });
    expect(
      within(services)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([...DASHBOARD_TEXTS.servicesColumns, DASHBOARD_PAGE_TEXTS.avgHandlingColumn]);
    expect(within(services).getAllByRole('row')).toHaveLength(3);
    // Average handling time per service, and per operator in a table of its own.
    expect(within(services).getByRole('row', { name: /Photo Feed/ })).toHaveTextContent('42.5 s');
    const operators = screen.getByRole('table', { name: DASHBOARD_PAGE_TEXTS.operatorsTitle });
    expect(within(operators).getByRole('row', { name: /operator/ })).toHaveTextContent(
      '1 min 15 s',
    );
    const contents = screen.getByRole('table', { name: 'Contents' });
    expect(contents).toHaveTextContent('41');
    expect(contents).toHaveTextContent('operator');
    expect(contents).toHaveTextContent(DASHBOARD_PAGE_TEXTS.waitingForContent);

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'chat');
    expect(within(services).getAllByRole('row')).toHaveLength(2);
    expect(services).toHaveTextContent('Chat Relay');
    await user.clear(screen.getByRole('searchbox', { name: 'Search services' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'nothing');
    expect(services).toHaveTextContent(DASHBOARD_PAGE_TEXTS.noServicesMatch('nothing'));
  });

  it("notes 'Live counts paused — reconnecting' while the socket is down, keeping the counts", () => {
    serveTables();
    renderDashboard([]);
    send(STAT);
    act(() => fake.setStatus('disconnected'));
    expect(screen.getByTestId('live-status')).toHaveTextContent(DASHBOARD_PAGE_TEXTS.livePaused);
    expect(screen.getByTestId('stat-handled-value')).toHaveTextContent('9,876');
    act(() => fake.setStatus('connected'));
    expect(screen.getByTestId('live-status')).toHaveTextContent(DASHBOARD_PAGE_TEXTS.live);
    // Reconnected: it asks again at once.
    expect(fake.state.emits.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the failure tables, cut previews with the full text in a tooltip, and empty states', async () => {
    serveTables();
    renderDashboard([]);
    const requests = await screen.findByRole('table', {
      name: DASHBOARD_TEXTS.failedContentRequests,
    });
    const row = TABLE_ANSWERS['/api/content/get/requests']?.[0] as { response: string };
    const cell = within(requests).getByTitle(row.response);
    expect(cell.textContent).toBe(`${row.response.slice(0, 25)}...`);
    const responses = await screen.findByRole('table', {
      name: DASHBOARD_TEXTS.failedEndpointResponses,
    });
    expect(responses).toHaveTextContent(DASHBOARD_PAGE_TEXTS.empty.failedEndpointResponses);
  });

  it('shows and fetches the three stuck tables only with can_view_stuck_pending', async () => {
    const paths = serveTables();
    renderDashboard([]);
    await screen.findByRole('table', { name: DASHBOARD_TEXTS.failedContentRequests });
    for (const title of [
      DASHBOARD_TEXTS.stuckPending,
      DASHBOARD_TEXTS.failedAiModerate,
      DASHBOARD_TEXTS.stuckFailed,
    ]) {
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    }
    expect(paths.filter((path) => path.includes('stuck') || path.includes('failed/ai'))).toEqual(
      [],
    );
    cleanup();

    renderDashboard(['can_view_stuck_pending']);
    for (const title of [
      DASHBOARD_TEXTS.stuckPending,
      DASHBOARD_TEXTS.failedAiModerate,
      DASHBOARD_TEXTS.stuckFailed,
    ]) {
      expect(await screen.findByRole('table', { name: title })).toBeVisible();
    }
    expect(screen.getByText(DASHBOARD_PAGE_TEXTS.empty.stuckPending)).toBeVisible();
  });

  it('says what went wrong when a table cannot load', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ ok: false, message: 'Database unavailable' }), {
          status: 500,
        }),
    );
    renderDashboard([]);
    await waitFor(() =>
      expect(
        screen.getByText(
          DASHBOARD_PAGE_TEXTS.loadFailed(
            DASHBOARD_TEXTS.failedContentRequests,
            'Database unavailable',
          ),
        ),
      ).toBeVisible(),
    );
  });
});
