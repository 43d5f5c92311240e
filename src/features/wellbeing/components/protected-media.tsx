import { EyeOff } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import type { ContentItem } from '../../../contract/content';
import { WELLBEING_TEXTS } from '../../../contract/wellbeing';
import { useWellbeingPrefs } from '../api/wellbeing-calls';
import { maskWords, mediaTreatment, needsReveal, treatmentFilter } from '../protection-rules';
import { revealCard, useRevealed } from '../reveal-store';

type ShownItem = Pick<ContentItem, 'id' | 'message_type' | 'content' | 'protection'>;

/**
 * A card's media area as operators' wellbeing asks (protection-rules.ts): images and video under
 * the effective treatment's CSS filter, set in the very render that first draws them (the
 * choices come with the session and the forced part with the item, so nothing waits for a
 * request: no frame shows them untreated), text with its listed words masked, and video and
 * audio muted unless the operator chose sound. A click on the media, the Reveal button or R on
 * the focused card reveals this card only. The viewer itself is the child, given the item as it
 * should show it.
 */
export function ProtectedMedia<T extends ShownItem>({
  item,
  children,
}: {
  item: T;
  children: (shown: T) => ReactNode;
}) {
  const prefs = useWellbeingPrefs();
  const revealed = useRevealed(item.id);
  const hidden = !revealed && needsReveal(item.message_type, prefs.media, item.protection);
  const filter = hidden
    ? treatmentFilter(mediaTreatment(item.message_type, prefs.media, item.protection))
    : undefined;
  const words = item.protection?.mask_words;
  const shown = useMemo(
    () =>
      hidden && item.message_type === 'text' && words && words.length > 0
        ? { ...item, content: maskWords(item.content, words) }
        : item,
    [hidden, item, words],
  );

  // Sound off by default: every video and audio element appearing in here starts muted (before
  // it can play: observers run before the next frame), once, so the operator may unmute it.
  const area = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const root = area.current;
    if (!root || prefs.sound) return;
    const mute = () => {
      root.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => {
        if (media.dataset.soundChecked) return;
        media.dataset.soundChecked = '1';
        media.muted = true;
      });
    };
    mute();
    const observer = new MutationObserver(mute);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [prefs.sound]);

  // A click on the treated image or video reveals it instead of enlarging or playing it.
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!filter) return;
    const target = event.target as HTMLElement;
    if (target.closest('img, video')) {
      event.preventDefault();
      event.stopPropagation();
      revealCard(item.id);
    }
  };

  return (
    // The click is a shortcut for the Reveal button beside it, which the keyboard reaches (and R).
    <div
      ref={area}
      className="relative h-full w-full overflow-hidden"
      data-protected={hidden ? 'hidden' : undefined}
      onClickCapture={onClickCapture}
    >
      <div
        className="h-full w-full"
        data-treatment={
          filter ? mediaTreatment(item.message_type, prefs.media, item.protection) : undefined
        }
        style={filter ? { filter } : undefined}
      >
        {children(shown)}
      </div>
      {hidden && (
        <button
          type="button"
          onClick={() => revealCard(item.id)}
          className="absolute top-2 left-2 z-10 inline-flex items-center gap-1.5 rounded bg-black/70 px-2 py-1 text-xs font-medium text-white hover:bg-black/85"
          aria-label={WELLBEING_TEXTS.reveal(item.id)}
          title={WELLBEING_TEXTS.revealHint}
        >
          <EyeOff aria-hidden="true" className="size-3.5" />
          {WELLBEING_TEXTS.revealHint}
          <kbd className="rounded border border-white/40 px-1 font-mono text-[10px]">R</kbd>
        </button>
      )}
    </div>
  );
}
