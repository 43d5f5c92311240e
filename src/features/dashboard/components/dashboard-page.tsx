import clsx from 'clsx';
import { WifiOff } from 'lucide-react';
import { formatTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeliveryDisabledNotice } from '../../aggregator/components/delivery-disabled-notice';
import { useCurrentUser } from '../../auth/api/current-user';
import { useDashboardStat } from '../api/use-dashboard-stat';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { ContentsPanel } from './contents-panel';
import { FailureTables, StuckTables } from './failure-tables';
import { OperatorsPanel } from './handling-time';
import { ServicesPanel } from './services-panel';
import { StatCards } from './stat-cards';

/** A moment of the live counts, as the dashboard shows it: '02:03:04 PM UTC'. */
function clockTime(epochMs: number): string {
  return `${formatTime(epochMs)} UTC`;
}

/** The live state of the counts: a quiet 'Live' dot, or a note while the socket is down. */
function LiveStatus({ status, receivedAt }: { status: string; receivedAt: number | null }) {
  if (status === 'connected') {
    return (
      <p
        className="flex items-center gap-2 text-xs text-stone-600 dark:text-zinc-400"
        data-testid="live-status"
        title={receivedAt ? TEXTS.lastUpdated(clockTime(receivedAt)) : undefined}
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
        {TEXTS.live}
      </p>
    );
  }
  if (status === 'connecting' && receivedAt === null) {
    return (
      <p
        role="status"
        className="text-xs text-stone-600 dark:text-zinc-400"
        data-testid="live-status"
      >
        {TEXTS.liveWaiting}
      </p>
    );
  }
  return (
    <p
      role="status"
      className={clsx(
        'flex items-center gap-2 rounded-full border px-3 py-1 text-xs',
        'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-300',
      )}
      data-testid="live-status"
    >
      <WifiOff aria-hidden="true" className="size-3.5" />
      {TEXTS.livePaused}
      {receivedAt !== null && (
        <span className="text-amber-700/80 dark:text-amber-300/70">
          · {TEXTS.lastUpdated(clockTime(receivedAt))}
        </span>
      )}
    </p>
  );
}

/** SPEC §2 Dashboard: live counts, per-service and per-operator tables, failure tables. */
export function DashboardPage() {
  useDocumentTitle(TEXTS.title);
  const user = useCurrentUser();
  const { stat, receivedAt, status } = useDashboardStat();
  const paused = status !== 'connected';
  const canViewStuck = user.permissions.includes('can_view_stuck_pending');

  return (
    // A container, not the viewport, decides the columns: the drawer may be open or not.
    <div className="@container space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <LiveStatus status={status} receivedAt={receivedAt} />
      </div>
      <DeliveryDisabledNotice />
      <StatCards stat={stat} paused={paused && stat !== null} />
      <div className="grid gap-4 @5xl:grid-cols-3">
        <div className="min-w-0 @5xl:col-span-2">
          <ServicesPanel services={stat?.serviceStats ?? null} />
        </div>
        <ContentsPanel moderating={stat?.data ?? null} />
      </div>
      <OperatorsPanel operators={stat?.operatorStats ?? null} />
      <FailureTables />
      {canViewStuck && <StuckTables />}
    </div>
  );
}
