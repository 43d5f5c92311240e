import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Coffee } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NAMESPACES } from '../../../contract/socket-events';
import { WELLBEING_TEXTS, type BreakReason } from '../../../contract/wellbeing';
import { getSocket } from '../../../lib/socket-manager';
import { Dialog } from '../../../ui/lazy-dialog';
import { wellbeingStatusQuery } from '../api/wellbeing-calls';
import { useCurrentUser } from '../../auth/api/current-user';
import { continueStretch, restartStretch, startBreakTimer } from '../break-timer';
import { breakDue, formatSpan } from '../protection-rules';

/** How often the reminder looks at the clock while moderating. */
const CHECK_MS = 1_000;

/** The break length until the server's policy has loaded (the policy's own default). */
const DEFAULT_BREAK_SECONDS = 300;

/**
 * The exposure break of the moderation screen. While the operator moderates it watches the time
 * since this stretch of moderation began (break-timer.ts: a reload or another tab continues it) and the server's count of sensitive items shown in the last hour (read
 * again whenever the assigned items change); when a break is due it offers one in a dialog, or
 * with the admin's "send" mode takes it at once. Taking it sends take-break (the server parks the
 * operator: held items go back to the queue at once, and records the wellness break), starts the
 * park screen's break timer and parks this screen. "Not now" puts the reminder off for another
 * period (or another cap's worth of sensitive items).
 */
export function BreakReminder({
  moderating,
  itemsKey,
  onPark,
}: {
  moderating: boolean;
  /** Changes when the assigned items change: the sensitive count is read again. */
  itemsKey: string;
  onPark: () => void;
}) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  const status = useQuery({ ...wellbeingStatusQuery, enabled: moderating });
  const restMs = (status.data?.policy.break_seconds ?? DEFAULT_BREAK_SECONDS) * 1000;
  const since = useRef(0);
  const capDismissedAt = useRef<number | null>(null);
  const [due, setDue] = useState<{ reason: Exclude<BreakReason, 'self'>; span: number } | null>(
    null,
  );

  // Set when a break is taken, until moderation starts again: the stretch has ended, and the
  // checks below must not start a new one (that would also end the break's countdown).
  const onBreak = useRef(false);
  useEffect(() => {
    if (!moderating) return;
    onBreak.current = false;
    since.current = continueStretch(userId, restMs);
  }, [moderating, userId, restMs]);

  useEffect(() => {
    if (moderating) void queryClient.invalidateQueries({ queryKey: wellbeingStatusQuery.queryKey });
  }, [itemsKey, moderating, queryClient]);

  const takeBreak = useCallback(
    (reason: BreakReason) => {
      getSocket(NAMESPACES.onlineUsers).emit('take-break', { reason });
      onBreak.current = true;
      startBreakTimer(userId, restMs / 1000);
      setDue(null);
      onPark();
    },
    [onPark, userId, restMs],
  );

  const data = status.data;
  useEffect(() => {
    if (!moderating || !data || due || onBreak.current) return;
    const check = () => {
      if (onBreak.current) return;
      const now = Date.now();
      // Also keeps the stretch seen, and follows a "Not now" given in another tab.
      since.current = continueStretch(userId, restMs, now);
      const reason = breakDue({
        policy: data.policy,
        since: since.current,
        now,
        sensitiveLastHour: data.sensitive_last_hour,
        capDismissedAt: capDismissedAt.current,
      });
      if (!reason) return;
      if (data.policy.break_mode === 'send') takeBreak(reason);
      else setDue({ reason, span: now - since.current });
    };
    check();
    const timer = window.setInterval(check, CHECK_MS);
    return () => window.clearInterval(timer);
  }, [moderating, data, due, takeBreak, userId, restMs]);

  const putOff = () => {
    if (due?.reason === 'cap') capDismissedAt.current = data?.sensitive_last_hour ?? null;
    else {
      since.current = Date.now();
      restartStretch(userId, since.current);
    }
    setDue(null);
  };

  return (
    <Dialog
      open={due !== null}
      onClose={putOff}
      title={WELLBEING_TEXTS.breakTitle}
      testId="break-dialog"
      size="md"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={putOff}>
            {WELLBEING_TEXTS.later}
          </button>
          <button
            type="button"
            className="btn-primary"
            data-autofocus
            onClick={() => due && takeBreak(due.reason)}
          >
            <Coffee aria-hidden="true" className="size-4" />
            {WELLBEING_TEXTS.takeBreak}
          </button>
        </>
      }
    >
      <p className="text-sm text-stone-600 dark:text-zinc-300">
        {due?.reason === 'cap'
          ? WELLBEING_TEXTS.capBody
          : WELLBEING_TEXTS.breakBody(formatSpan(due?.span ?? 0))}
      </p>
    </Dialog>
  );
}
