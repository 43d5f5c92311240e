import type { Limit } from './rate-limits';

/**
 * Password-reset requests are limited per email address (so nobody's inbox can be flooded) and
 * per client address (so nobody can walk a list of addresses). Both count whether or not the
 * email belongs to an account, so a refusal reveals nothing about accounts either.
 */
export const RESET_THROTTLE = {
  windowMinutes: 15,
  maxPerEmail: 3,
  maxPerAddress: 20,
};

export function resetLimits(email: string, ip: string): Limit[] {
  const windowSeconds = RESET_THROTTLE.windowMinutes * 60;
  return [
    { key: `reset-email:${email.toLowerCase()}`, max: RESET_THROTTLE.maxPerEmail, windowSeconds },
    { key: `reset-address:${ip}`, max: RESET_THROTTLE.maxPerAddress, windowSeconds },
  ];
}

export function resetThrottleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
