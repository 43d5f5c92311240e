/**
 * The SLA timer of a moderation card: how long an item has waited since it arrived, against its
 * service's SLA (services.sla_minutes). No React, no I/O.
 */

/** From this share of the SLA on, the timer warns (amber). */
export const SLA_WARNING_SHARE = 0.75;

export type SlaState = 'ok' | 'warning' | 'breached';

/** Neutral below 75 % of the SLA, warning from 75 %, breached once past the SLA. */
export function slaState(waitedMs: number, slaMinutes: number): SlaState {
  const slaMs = slaMinutes * 60_000;
  if (waitedMs > slaMs) return 'breached';
  if (waitedMs >= slaMs * SLA_WARNING_SHARE) return 'warning';
  return 'ok';
}

/** How long the item has waited, in ms (never negative: the device clock may run behind). */
export function waitedMs(boundTime: string, now: number): number {
  const arrived = Date.parse(boundTime);
  return Number.isFinite(arrived) ? Math.max(0, now - arrived) : 0;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** '4:05', '1:02:03', '2d 3h'. */
export function formatWaited(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds % 60)}`;
  return `${minutes}:${pad(seconds % 60)}`;
}

export const SLA_TEXTS = {
  /** The short word beside the time, so the state never rests on colour alone. */
  badge: { ok: null, warning: 'SLA soon', breached: 'Over SLA' } as const,
  label: (waited: string, state: SlaState, slaMinutes: number) =>
    `Waiting ${waited}: ${
      state === 'breached'
        ? `over the ${slaMinutes}-minute SLA`
        : state === 'warning'
          ? `near the ${slaMinutes}-minute SLA`
          : `within the ${slaMinutes}-minute SLA`
    }`,
} as const;
