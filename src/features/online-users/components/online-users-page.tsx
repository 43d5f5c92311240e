import clsx from 'clsx';
import { LogOut, PauseCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { OnlineStatus, OnlineUser } from '../../../contract/online-users';
import { NAMESPACES } from '../../../contract/socket-events';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useSocketStatus } from '../../../lib/socket-manager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { SearchInput } from '../../../ui/search-input';
import { useCurrentUser } from '../../auth/api/current-user';
import { useOnlineUsers } from '../api/get-online-users';
import { useKickUser } from '../api/kick-user';
import { useParkUser } from '../api/park-user';
import { countByStatus, filterOnlineUsers } from '../online-users-filter';
import { ONLINE_USERS_TEXTS as TEXTS } from '../online-users-texts';
import { DevicesDialog } from './devices-dialog';
import { onlineUserColumns } from './online-user-columns';
import { StatusFilter } from './status-filter';

type PendingAction = { action: 'kick' | 'park'; user: OnlineUser };

/** Park makes sense only for someone who holds moderation (here or on a dropped connection). */
const parkable = (user: OnlineUser) => user.status === 'moderating' || user.status === 'elsewhere';

/**
 * Who is signed in now, what each is doing, and the two actions on a live session: park (their
 * items go back to the queue) and sign out (kick). Each action is confirmed first, needs its own
 * permission (the server checks it again) and is written to the audit log by the server.
 */
export function OnlineUsersPage() {
  useDocumentTitle(TEXTS.title);
  const headingId = useId();
  const me = useCurrentUser();
  const canKick = me.permissions.includes('can_kick_users');
  const canPark = me.permissions.includes('can_park_users');

  const users = useOnlineUsers();
  const socket = useSocketStatus(NAMESPACES.fetchOnlineUsers);
  const kick = useKickUser();
  const park = useParkUser();

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OnlineStatus | ''>('');
  const [devicesOf, setDevicesOf] = useState<OnlineUser | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const all = useMemo(() => users.data ?? [], [users.data]);
  const rows = useMemo(() => filterOnlineUsers(all, { status, search }), [all, status, search]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const itemsHeld = all.reduce((sum, user) => sum + user.items_held, 0);
  const columns = useMemo(
    () => onlineUserColumns({ now: users.dataUpdatedAt, meId: me.id, onShowDevices: setDevicesOf }),
    [users.dataUpdatedAt, me.id],
  );

  const forbidden = users.error instanceof ApiError && users.error.code === 'forbidden';
  const live = socket === 'connected' && !users.isError;
  const busy = kick.isPending || park.isPending;

  function confirm() {
    if (!pending) return;
    const { action, user } = pending;
    (action === 'kick' ? kick : park).mutate(user.id, {
      onSuccess: () =>
        notify.success(
          action === 'kick' ? TEXTS.kicked(user.username) : TEXTS.parked(user.username),
        ),
      onError: (error) => notify.error(`${TEXTS.errorPrefix}${errorMessage(error)}`),
      onSettled: () => setPending(null),
    });
  }

  const hasActions = canKick || canPark;
  const rowActions = (user: OnlineUser) => (
    <span className="flex justify-end gap-1">
      {canPark && parkable(user) && (
        <button
          type="button"
          className="btn-ghost px-2.5 py-1"
          aria-label={TEXTS.parkLabel(user.username)}
          title={TEXTS.parkLabel(user.username)}
          onClick={() => setPending({ action: 'park', user })}
        >
          <PauseCircle aria-hidden="true" className="size-4" />
          {/* Icons alone on a tablet; the accessible name and tooltip say what they do. */}
          <span className="hidden xl:inline">{TEXTS.park}</span>
        </button>
      )}
      {canKick && user.id !== me.id && (
        <button
          type="button"
          className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
          aria-label={TEXTS.kickLabel(user.username)}
          title={TEXTS.kickLabel(user.username)}
          onClick={() => setPending({ action: 'kick', user })}
        >
          <LogOut aria-hidden="true" className="size-4" />
          <span className="hidden xl:inline">{TEXTS.kick}</span>
        </button>
      )}
    </span>
  );

  return (
    <div className="space-y-4">
      <section className="panel min-w-0" aria-labelledby={headingId} data-testid="online-users">
        <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-zinc-800">
          <h1 id={headingId} className="text-xl font-semibold">
            {TEXTS.title}
          </h1>
          <span
            className="inline-flex items-center gap-1.5 text-xs text-stone-600 dark:text-zinc-400"
            title={live ? TEXTS.liveHint : undefined}
            data-testid="online-users-live"
          >
            <span
              aria-hidden="true"
              className={clsx(
                'size-2 rounded-full',
                live ? 'motion-safe:animate-pulse bg-emerald-500' : 'bg-amber-500',
              )}
            />
            {live ? TEXTS.live : TEXTS.reconnecting}
          </span>
          <span className="mr-auto text-sm text-stone-600 tabular-nums dark:text-zinc-400">
            {users.data && TEXTS.itemsHeldTotal(itemsHeld)}
          </span>
          {/* The list is on the device already: every keystroke filters at once. */}
          <SearchInput label={TEXTS.search} value={search} onChange={setSearch} delay={0} />
        </div>
        <div className="border-b border-stone-200 px-4 py-2.5 dark:border-zinc-800">
          <StatusFilter counts={counts} total={all.length} value={status} onChange={setStatus} />
        </div>
        <DataTable
          caption={TEXTS.title}
          columns={columns}
          rows={forbidden ? [] : users.data ? rows : undefined}
          getRowId={(user) => String(user.id)}
          rowTestId={(user) => `online-user-${user.username}`}
          clientSort
          rowActions={hasActions ? rowActions : undefined}
          empty={all.length > 0 ? TEXTS.emptyFiltered : TEXTS.empty}
          loadingLabel={TEXTS.title}
          error={
            forbidden
              ? { message: TEXTS.forbidden }
              : users.isError
                ? {
                    message: TEXTS.loadFailed(errorMessage(users.error)),
                    onRetry: () => void users.refetch(),
                  }
                : null
          }
          testId="online-users-table"
        />
      </section>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'kick'
            ? TEXTS.kickTitle(pending.user.username)
            : TEXTS.parkTitle(pending?.user.username ?? '')
        }
        description={pending?.action === 'kick' ? TEXTS.kickBody : TEXTS.parkBody}
        confirmLabel={pending?.action === 'kick' ? TEXTS.kickConfirm : TEXTS.parkConfirm}
        busyLabel={pending?.action === 'kick' ? TEXTS.kickBusy : TEXTS.parkBusy}
        tone={pending?.action === 'kick' ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        testId="session-action-dialog"
      />
      <DevicesDialog user={devicesOf} onClose={() => setDevicesOf(null)} />
    </div>
  );
}
