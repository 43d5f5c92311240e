// @vitest-environment jsdom
// First: it must run before Headless UI loads.
import '../service-tokens/dom-test-setup';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../src/contract/auth';
import type { OnlineUser, OnlineUsersAnswer } from '../../../../src/contract/online-users';
import { currentUserQuery } from '../../../../src/features/auth/api/current-user';
import { OnlineUsersPage } from '../../../../src/features/online-users/components/online-users-page';
import { ONLINE_USERS_TEXTS as TEXTS } from '../../../../src/features/online-users/online-users-texts';
import { notify } from '../../../../src/lib/notices';
import { renderInRouter } from '../../../support/render-in-router';

/** The /fetch-online-users socket, answering get-current-users with `live.answer`. */
const live = vi.hoisted(() => ({
  answer: { ok: true, data: [] } as unknown,
  asked: 0,
}));

vi.mock('../../../../src/lib/socket-manager', () => ({
  getSocket: () => ({
    timeout: () => ({
      emitWithAck: async () => {
        live.asked += 1;
        return live.answer;
      },
    }),
  }),
  useSocketStatus: () => 'connected',
}));

const NOW = new Date().toISOString();

const user = (overrides: Partial<OnlineUser>): OnlineUser => ({
  id: 1,
  username: 'someone',
  first_name: '',
  last_name: '',
  role: 'operator',
  status: 'idle',
  status_since: NOW,
  items_held: 0,
  devices: [],
  ...overrides,
});

const DEVICE = {
  id: 'sock-1',
  connected_at: NOW,
  address: '10.1.2.3',
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  moderating: true,
};

const USERS: OnlineUser[] = [
  user({ id: 1, username: 'ada', role: 'admin', first_name: 'Ada', last_name: 'Admin' }),
  user({
    id: 3,
    username: 'olive',
    first_name: 'Olive',
    last_name: 'Operator',
    status: 'moderating',
    items_held: 4,
    devices: [DEVICE, { ...DEVICE, id: 'sock-2', moderating: false }],
  }),
  user({ id: 4, username: 'bart', status: 'parked' }),
];

function me(permissions: string[]): CurrentUser {
  return {
    id: 1,
    username: 'ada',
    email: null,
    first_name: 'Ada',
    last_name: 'Admin',
    role: 'admin',
    permissions: ['section_online_users', ...permissions],
    max_content: 6,
    is_batch_moderator: false,
    park_time: null,
    must_change_password: false,
    two_factor_setup_required: false,
  };
}

function renderPage(permissions: string[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
  queryClient.setQueryData(currentUserQuery.queryKey, me(permissions));
  return renderInRouter(<OnlineUsersPage />, { path: '/online-users', queryClient });
}

beforeEach(() => {
  live.answer = { ok: true, data: USERS } satisfies OnlineUsersAnswer;
  live.asked = 0;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (username: string) => screen.getByTestId(`online-user-${username}`);

describe('the online users page', { timeout: 20_000 }, () => {
  it('lists each user with status, items held and devices, and filters by status and search', async () => {
    const user = userEvent.setup();
    renderPage([]);
    await screen.findByTestId('online-user-olive');
    expect(within(row('olive')).getByText('Moderating')).toBeInTheDocument();
    expect(within(row('olive')).getByText('Olive Operator · operator')).toBeInTheDocument();
    expect(
      within(row('olive')).getByRole('button', { name: TEXTS.devicesButton(2, 'olive') }),
    ).toHaveTextContent('2');
    expect(
      within(row('olive'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('4');
    expect(within(row('ada')).getByText(`(${TEXTS.you})`)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.itemsHeldTotal(4))).toBeInTheDocument();

    const filter = screen.getByRole('group', { name: TEXTS.statusFilter });
    await user.click(within(filter).getByRole('button', { name: /Parked\s*1/ }));
    expect(screen.queryByTestId('online-user-olive')).not.toBeInTheDocument();
    expect(row('bart')).toBeInTheDocument();
    await user.click(within(filter).getByRole('button', { name: /All statuses\s*3/ }));
    await user.type(screen.getByRole('searchbox', { name: TEXTS.search }), 'olive op');
    expect(screen.getAllByTestId(/^online-user-/)).toHaveLength(1);
  });

  it('offers park and sign-out only to holders of each permission, never sign-out of oneself', async () => {
    const first = renderPage(['can_park_users']);
    await screen.findByTestId('online-user-olive');
    expect(within(row('olive')).getByRole('button', { name: 'Park olive' })).toBeInTheDocument();
    expect(within(row('bart')).queryByRole('button', { name: 'Park bart' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Sign out / })).toBeNull();
    first.unmount();

    const second = renderPage(['can_kick_users']);
    await screen.findByTestId('online-user-olive');
    expect(
      within(row('olive')).getByRole('button', { name: 'Sign out olive' }),
    ).toBeInTheDocument();
    expect(within(row('ada')).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Park / })).toBeNull();
    second.unmount();

    renderPage([]);
    await screen.findByTestId('online-user-olive');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('asks before signing a user out, then calls the kick endpoint and says so', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => 0);
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const body = url.pathname === '/api/csrf-token' ? { ok: true, data: 'token' } : { ok: true };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(['can_kick_users', 'can_park_users']);
    await user.click(await screen.findByRole('button', { name: 'Sign out olive' }));
    const dialog = await screen.findByRole('alertdialog', { name: TEXTS.kickTitle('olive') });
    expect(within(dialog).getByText(TEXTS.kickBody)).toBeInTheDocument();
    // Destructive: focus starts on Cancel, and Cancel changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out olive' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: TEXTS.kickConfirm,
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(TEXTS.kicked('olive')));
    expect(calls).toContain('POST /api/online-users/3/kick');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('parks after confirmation and shows the server’s refusal as an error', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error').mockImplementation(() => 0);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname === '/api/csrf-token') {
        return new Response(JSON.stringify({ ok: true, data: 'token' }));
      }
      return new Response(
        JSON.stringify({
          ok: false,
          code: 'forbidden',
          message: 'You do not have the permission can_park_users for this action.',
        }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      );
    });
    renderPage(['can_park_users']);
    await user.click(await screen.findByRole('button', { name: 'Park olive' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: TEXTS.parkTitle('olive') })).getByRole(
        'button',
        { name: TEXTS.parkConfirm },
      ),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Error: You do not have the permission can_park_users for this action.',
      ),
    );
  });

  it('shows the open consoles of a user', async () => {
    const user = userEvent.setup();
    renderPage([]);
    await user.click(await screen.findByRole('button', { name: TEXTS.devicesButton(2, 'olive') }));
    const dialog = await screen.findByRole('dialog', { name: TEXTS.devicesTitle('olive') });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getAllByText('Chrome 131 · Windows')).toHaveLength(2);
    expect(within(dialog).getAllByText(TEXTS.deviceModerates)).toHaveLength(1);
  });

  it('says so when the permission was taken away', async () => {
    live.answer = {
      ok: false,
      code: 'forbidden',
      message: 'You do not have the permission section_online_users for this list.',
    } satisfies OnlineUsersAnswer;
    renderPage([]);
    expect(await screen.findByText(TEXTS.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
