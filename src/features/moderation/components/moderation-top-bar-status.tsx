import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, ListChecks, Pause, Play } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { MODERATION_TEXTS } from '../../../contract/content';
import { missingPermissions } from '../../../contract/endpoint';
import { NAMESPACES, clientEvents, type UserPendingStat } from '../../../contract/socket-events';
import { getSocket } from '../../../lib/socket-manager';
import { PARK_RESUME_LOCK_MS, useClickLock } from '../../../lib/use-click-lock';
import { fetchModeratedCount } from '../api/moderation-calls';
import { useModerationSession } from '../moderation-session';

/** The pending count in the top bar is asked for every 2 s (SPEC §9). */
export const PENDING_STAT_INTERVAL_MS = 2_000;

export const TOP_BAR_TEXTS = {
  pending: 'Pending',
  moderated: 'Moderated',
  park: 'Park',
  resume: MODERATION_TEXTS.resume,
} as const;

export function moderatedCountKey(userId: number) {
  return ['moderation', 'moderated-count', userId] as const;
}

/** The pending count: asked over /user-stats every 2 s (SPEC §7). */
function usePendingStat(userId: number): UserPendingStat | null {
  const [stat, setStat] = useState<UserPendingStat | null>(null);
  useEffect(() => {
    const socket = getSocket(NAMESPACES.userStats);
    const onStat = (data: UserPendingStat) => setStat(data);
    socket.on('user-pending-stat', onStat);
    const ask = () => {
      if (socket.connected) socket.emit('user-pending-stat', userId);
    };
    ask();
    socket.on('connect', ask);
    const timer = window.setInterval(ask, PENDING_STAT_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      socket.off('user-pending-stat', onStat);
      socket.off('connect', ask);
    };
  }, [userId]);
  return stat;
}

/**
 * Today's moderated count: fetched once, then kept current by user-moderated-{id}; the server's
 * user-stats-moderated asks for a fresh fetch (SPEC §7).
 */
function useModeratedCount(userId: number): number | undefined {
  const queryClient = useQueryClient();
  const key = moderatedCountKey(userId);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => fetchModeratedCount(userId),
    staleTime: Infinity,
  });
  useEffect(() => {
    const socket = getSocket(NAMESPACES.userStats);
    const queryKey = moderatedCountKey(userId);
    const event = `user-moderated-${userId}` as const;
    const onModerated = ({ moderated }: { moderated: number }) =>
      queryClient.setQueryData(queryKey, moderated);
    const onRefetch = () => void queryClient.invalidateQueries({ queryKey });
    socket.on(event, onModerated);
    socket.on('user-stats-moderated', onRefetch);
    return () => {
      socket.off(event, onModerated);
      socket.off('user-stats-moderated', onRefetch);
    };
  }, [queryClient, userId]);
  return data;
}

function Count({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-1.5 rounded-md bg-stone-100 px-2.5 py-1 text-sm dark:bg-zinc-800">
      {icon}
      <span className="hidden text-stone-600 lg:inline dark:text-zinc-400">{label}</span>
      <span className="sr-only lg:hidden">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
    </div>
  );
}

function Counts({ userId }: { userId: number }) {
  const pending = usePendingStat(userId);
  const moderated = useModeratedCount(userId);
  return (
    <div className="flex items-center gap-2" data-testid="top-bar-counts">
      <span
        title={
          pending
            ? `Total pending ${pending.total_pending} · queue ${pending.pending} · assigned ${pending.assigned}`
            : undefined
        }
      >
        <Count
          icon={<Clock aria-hidden="true" className="size-4 text-gold-600 dark:text-gold-400" />}
          label={TOP_BAR_TEXTS.pending}
          value={pending ? String(pending.total_pending) : '–'}
        />
      </span>
      <Count
        icon={
          <ListChecks
            aria-hidden="true"
            className="size-4 text-emerald-600 dark:text-emerald-400"
          />
        }
        label={TOP_BAR_TEXTS.moderated}
        value={moderated === undefined ? '–' : String(moderated)}
      />
    </div>
  );
}

/** Park / Resume Moderation, locked for 2 s after each click (SPEC §4). */
function ParkResumeButton() {
  const { state, available, park, resume } = useModerationSession();
  const { locked, run } = useClickLock(PARK_RESUME_LOCK_MS);
  const moderating = state.phase === 'moderating';
  const click = () => run(moderating ? park : resume);

  if (moderating) {
    return (
      <button type="button" className="btn-secondary py-1.5" disabled={locked} onClick={click}>
        <Pause aria-hidden="true" className="size-4" />
        {TOP_BAR_TEXTS.park}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn-primary py-1.5"
      disabled={locked || !available}
      title={available ? undefined : MODERATION_TEXTS.unavailable}
      onClick={click}
    >
      <Play aria-hidden="true" className="size-4" />
      <span className="hidden sm:inline">
        {available ? TOP_BAR_TEXTS.resume : MODERATION_TEXTS.resumeUnavailable}
      </span>
      <span className="sm:hidden">{available ? 'Resume' : 'Unavailable'}</span>
    </button>
  );
}

/**
 * The top bar's moderation status for non-operators (SPEC §2 Shell): pending and moderated
 * counts for those who work or watch the queue (the access of user-pending-stat; not the demo
 * role) and Park / Resume for users who may moderate.
 */
export function ModerationTopBarStatus() {
  const { user } = useModerationSession();
  const showsCounts =
    missingPermissions(clientEvents.userPendingStat.access, user.permissions).length === 0;
  const canModerate = user.permissions.includes('section_moderation');
  return (
    <div className="flex items-center gap-2">
      {showsCounts && <Counts userId={user.id} />}
      {canModerate && <ParkResumeButton />}
    </div>
  );
}
