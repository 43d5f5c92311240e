import { Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AUDIO_PLAYER_TEXTS, PLAYBACK_RATES, formatClock, nextRate } from '../audio-controls';
import { drawPeaks, peaksOf } from '../waveform';

export type AudioEvent = 'play' | 'pause' | 'seek' | 'end';

/** Seconds an arrow key moves the playhead. */
const SEEK_STEP_SECONDS = 5;
const BARS = 96;

/**
 * The audio player of the calls and voice views and of /moderation's audio items, loaded as a
 * chunk of its own (content-viewer.tsx imports it lazily). Play and pause, a seek slider,
 * speed 1 to 2x, and the recording's waveform: its peaks decoded with Web Audio and drawn on a
 * canvas, which a click seeks in. A recording the browser may not fetch (one on another host)
 * or cannot decode (an odd codec) gets a plain progress bar instead. Keyboard, on the focused player:
 * space plays or pauses, the arrows seek 5 s, [ and ] change the speed; each key is taken from
 * the moderation page's own shortcuts (preventDefault).
 */
export function AudioPlayer({
  src,
  label,
  onLoaded,
  onFailed,
  onEvent,
}: {
  src: string;
  /** Names the player for assistive technology, e.g. "Audio of item 12". */
  label: string;
  onLoaded?: () => void;
  onFailed?: () => void;
  onEvent?: (action: AudioEvent, audio: HTMLAudioElement) => void;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [waveFailed, setWaveFailed] = useState(false);

  // The console's content policy lets scripts fetch only from its own origin (connect-src
  // 'self'): a recording on another host plays, but fetching it for its waveform would only be
  // refused, with a policy error in the console for every card.
  const fetchable = new URL(src, window.location.href).origin === window.location.origin;

  useEffect(() => {
    if (!fetchable) return;
    let cancelled = false;
    const controller = new AbortController();
    (async () => {
      const response = await fetch(src, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      const context = new AudioContext();
      try {
        const decoded = await context.decodeAudioData(bytes);
        if (!cancelled) setPeaks(peaksOf(decoded.getChannelData(0), BARS));
      } finally {
        void context.close();
      }
    })().catch(() => {
      if (!cancelled) setWaveFailed(true);
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [src, fetchable]);

  const progress = duration > 0 ? Math.min(1, time / duration) : 0;

  useEffect(() => {
    if (peaks && canvas.current) drawPeaks(canvas.current, peaks, progress);
  }, [peaks, progress]);

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const element = audio.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = Math.max(0, Math.min(element.duration, seconds));
    setTime(element.currentTime);
  }, []);

  const changeRate = useCallback((next: number) => {
    setRate(next);
    if (audio.current) audio.current.playbackRate = next;
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tag = (event.target as HTMLElement).tagName;
    // A control's own keys stay its own (a button's space, the slider's and list's arrows),
    // kept from the moderation page's shortcuts too.
    const ownKey =
      (event.key === ' ' && (tag === 'BUTTON' || tag === 'SELECT')) ||
      ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') &&
        (tag === 'INPUT' || tag === 'SELECT'));
    if (ownKey) {
      event.stopPropagation();
      return;
    }
    if (event.key === ' ') toggle();
    else if (event.key === 'ArrowLeft') seekTo(time - SEEK_STEP_SECONDS);
    else if (event.key === 'ArrowRight') seekTo(time + SEEK_STEP_SECONDS);
    else if (event.key === '[') changeRate(nextRate(rate, -1));
    else if (event.key === ']') changeRate(nextRate(rate, 1));
    else return;
    // Taken from the moderation page's shortcuts (it skips prevented events).
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    // The player takes focus, and its keys, so they work without reaching for a control first:
    // a group of controls that answers the keys of a media player as a whole.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the comment above
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="audio-player"
      className="flex w-full flex-col gap-2 rounded-md p-2 focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:outline-none"
    >
      {/* The recording under review, as the service sent it: there is no caption track. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        className="hidden"
        onLoadedMetadata={(event) => {
          setDuration(event.currentTarget.duration);
          event.currentTarget.playbackRate = rate;
          onLoaded?.();
        }}
        onError={onFailed}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onPlay={(event) => {
          setPlaying(true);
          onEvent?.('play', event.currentTarget);
        }}
        onPause={(event) => {
          setPlaying(false);
          // A pause at the very end comes with 'ended'; log it once, as end.
          if (!event.currentTarget.ended) onEvent?.('pause', event.currentTarget);
        }}
        onSeeked={(event) => onEvent?.('seek', event.currentTarget)}
        onEnded={(event) => {
          setPlaying(false);
          onEvent?.('end', event.currentTarget);
        }}
      />
      {peaks && fetchable && !waveFailed ? (
        <canvas
          ref={canvas}
          width={BARS * 4}
          height={56}
          aria-hidden="true"
          data-testid="audio-waveform"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            seekTo(((event.clientX - box.left) / box.width) * duration);
          }}
          className="h-14 w-full cursor-pointer"
        />
      ) : (
        <div
          aria-hidden="true"
          data-testid="audio-bar"
          className="h-2 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-zinc-800"
        >
          <div className="h-full bg-gold-500" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? AUDIO_PLAYER_TEXTS.pause : AUDIO_PLAYER_TEXTS.play}
          className="btn-secondary p-1.5"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
        </button>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.1}
          value={time}
          onChange={(event) => seekTo(Number(event.target.value))}
          aria-label={AUDIO_PLAYER_TEXTS.seek}
          aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
          className="min-w-0 flex-1 accent-gold-600"
        />
        <span className="text-xs text-stone-600 tabular-nums dark:text-zinc-300" aria-hidden="true">
          {formatClock(time)} / {formatClock(duration)}
        </span>
        <select
          value={rate}
          onChange={(event) => changeRate(Number(event.target.value))}
          aria-label={AUDIO_PLAYER_TEXTS.speed}
          className="rounded border border-stone-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          {PLAYBACK_RATES.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </div>
      <p className="sr-only">{AUDIO_PLAYER_TEXTS.keys}</p>
    </div>
  );
}
