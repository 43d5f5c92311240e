import clsx from 'clsx';
import { AlertTriangle, Coffee, LogOut, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MODERATION_TEXTS } from '../../../contract/content';
import { formatTime } from '../../../lib/dates';
import { PARK_RESUME_LOCK_MS, useClickLock } from '../../../lib/use-click-lock';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const PARK_TEXTS = {
  pageTitle: 'Park',
  parkedSince: 'Parked since',
  parkedFor: 'Parked for',
  logout: 'Logout',
} as const;

/** 'hh:mm:ss' since the given moment. */
export function formatParkDuration(since: Date, now: Date): string {
  const total = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface ParkPageProps {
  /** When the user was parked: this tab's moment, else the server's park_time. */
  parkedSince: Date | null;
  /** The online-users socket is connected. */
  available: boolean;
  /** Another connection of the user is moderating. */
  elsewhere: boolean;
  isOperator: boolean;
  onResume: () => void;
  onLogout: () => void;
}

/**
 * The parked screen (SPEC §2): title, park time, Resume Moderation (greyed with the
 * 'unavailable' label while the online-users socket is down, locked 2 s after a click) and
 * Logout. Operators get a box 1.04 times wider.
 */
export function ParkPage({
  parkedSince,
  available,
  elsewhere,
  isOperator,
  onResume,
  onLogout,
}: ParkPageProps) {
  useDocumentTitle(elsewhere ? 'Moderating somewhere else' : PARK_TEXTS.pageTitle);
  const now = useNow(1000);
  const { locked, run } = useClickLock(PARK_RESUME_LOCK_MS);
  const resume = () => run(onResume);

  return (
    <section className="flex min-h-[calc(100vh-10rem)] items-center justify-center">
      <div
        // Operators get a box 1.04 times wider: 26rem = 25rem x 1.04.
        className={clsx(
          'panel w-full px-8 py-10 text-center',
          isOperator ? 'max-w-[26rem]' : 'max-w-[25rem]',
        )}
        data-testid="park-box"
        data-operator={isOperator || undefined}
      >
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-gold-500/15 text-gold-700 dark:text-gold-300">
          <Coffee aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-xl font-semibold">{MODERATION_TEXTS.parkedTitle}</h1>
        {parkedSince && (
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-md bg-stone-100 px-3 py-2 dark:bg-zinc-800">
              <dt className="text-xs text-stone-600 dark:text-zinc-400">
                {PARK_TEXTS.parkedSince}
              </dt>
              <dd className="font-medium tabular-nums">{formatTime(parkedSince)} UTC</dd>
            </div>
            <div className="rounded-md bg-stone-100 px-3 py-2 dark:bg-zinc-800">
              <dt className="text-xs text-stone-600 dark:text-zinc-400">{PARK_TEXTS.parkedFor}</dt>
              <dd className="font-medium tabular-nums" data-testid="park-duration">
                {formatParkDuration(parkedSince, now)}
              </dd>
            </div>
          </dl>
        )}
        {elsewhere && (
          <p
            role="alert"
            className="mt-4 flex items-center justify-center gap-2 text-sm text-red-700 dark:text-red-400"
          >
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {MODERATION_TEXTS.alreadyModerating}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-2">
          <button
            type="button"
            className="btn-primary w-full py-2.5"
            disabled={!available || locked}
            onClick={resume}
          >
            <Play aria-hidden="true" className="size-4" />
            {available ? MODERATION_TEXTS.resume : MODERATION_TEXTS.resumeUnavailable}
          </button>
          <button type="button" className="btn-secondary w-full py-2.5" onClick={onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            {PARK_TEXTS.logout}
          </button>
        </div>
      </div>
    </section>
  );
}
