/** The audio player's speeds (1 to 2x) and texts, apart from the component so tests use them. */
export const PLAYBACK_RATES = [1, 1.25, 1.5, 1.75, 2] as const;

export const AUDIO_PLAYER_TEXTS = {
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  speed: 'Playback speed',
  keys: 'Keys: space plays or pauses, the left and right arrows seek 5 seconds, [ and ] change the speed.',
} as const;

/** The next speed down (-1) or up (+1), staying within 1 to 2x. */
export function nextRate(rate: number, step: -1 | 1): number {
  const index = PLAYBACK_RATES.findIndex((value) => value >= rate);
  const current = index === -1 ? PLAYBACK_RATES.length - 1 : index;
  const next = Math.max(0, Math.min(PLAYBACK_RATES.length - 1, current + step));
  return PLAYBACK_RATES[next] ?? 1;
}

/** 75.4 -> "1:15". */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
