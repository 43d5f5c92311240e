import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { WELLBEING_TEXTS } from '../../../contract/wellbeing';
import { useCurrentUser } from '../../auth/api/current-user';
import { breakEndsAt } from '../break-timer';

function mmss(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The park screen's break timer, shown while the operator is on a wellbeing break. */
export function BreakCountdown() {
  const userId = useCurrentUser().id;
  const [endsAt] = useState(() => breakEndsAt(userId));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  if (endsAt === null) return null;
  const left = endsAt - now;
  return (
    <div
      role="status"
      data-testid="break-timer"
      className="mx-auto mb-4 flex max-w-[26rem] items-center justify-center gap-2 rounded-md border border-gold-500/40 bg-gold-500/10 px-4 py-2 text-sm font-medium text-gold-800 dark:text-gold-200"
    >
      <Timer aria-hidden="true" className="size-4" />
      {left > 0 ? (
        <span>
          {WELLBEING_TEXTS.breakTimer} <span className="tabular-nums">{mmss(left)}</span>
        </span>
      ) : (
        <span>{WELLBEING_TEXTS.breakOver}</span>
      )}
    </div>
  );
}
