import clsx from 'clsx';
import {
  AudioLines,
  ExternalLink,
  FileText,
  Image as ImageIcon,
  Paperclip,
  Play,
} from 'lucide-react';
import {
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { MODERATION_TEXTS, type MessageType } from '../../../contract/content';
import { logMediaEvent } from '../api/moderation-calls';
import { logFailure } from '../log-failure';
import type { ModerationItem } from '../moderation-rules';

export type MediaAction = 'play' | 'pause' | 'seek' | 'end' | 'closeMedia';

/** The audio player is a chunk of its own: /moderation's first load does not carry it. */
const AudioPlayer = lazy(() =>
  import('../../channels/components/audio-player').then((module) => ({
    default: module.AudioPlayer,
  })),
);

/** Only http(s) addresses become links or media sources: never javascript: or data:. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * What the viewer shows of an item. Outside live moderation (the moderation history) `loaded`
 * is absent and the user id is null: nothing is logged, the viewer only shows.
 */
export type ViewerItem = Pick<ModerationItem, 'id' | 'message_type' | 'content' | 'file_url'> & {
  loaded?: boolean;
};

/** SPEC §2: video prefers file_url over content. */
export function mediaSource(item: Pick<ModerationItem, 'message_type' | 'content' | 'file_url'>) {
  if (item.message_type === 'video') return safeUrl(item.file_url) ?? safeUrl(item.content);
  if (item.message_type === 'text') return null;
  return safeUrl(item.content) ?? safeUrl(item.file_url);
}

/** Sends one video or audio event to the media log; failures are logged only (SPEC §8). */
export function logVideo(
  action: MediaAction,
  video: HTMLMediaElement,
  contentId: number,
  userId: number,
  onEnlargedContent: boolean,
): void {
  const duration = Number.isFinite(video.duration) ? video.duration : null;
  logMediaEvent({
    action,
    user_id: userId,
    onEnlargedContent,
    content: { content_id: contentId, currentTime: video.currentTime || 0, duration },
  }).catch((error: unknown) => logFailure(`media log ${action}`, error));
}

/** Leaves picture-in-picture on window blur and unmount when this video holds it (SPEC §2). */
export function useExitPipOnBlur(video: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const leave = () => {
      if (video.current && document.pictureInPictureElement === video.current) {
        document.exitPictureInPicture().catch((error: unknown) => logFailure('exit PiP', error));
      }
    };
    window.addEventListener('blur', leave);
    return () => {
      window.removeEventListener('blur', leave);
      leave();
    };
  }, [video]);
}

export function VideoPlayer({
  src,
  item,
  userId,
  enlarged,
  startAt = 0,
  muted,
  onLoaded,
  onFailed,
  videoRef,
  className,
}: {
  src: string;
  item: ViewerItem;
  /** Null: playback is not logged (the item is only looked at, not moderated). */
  userId: number | null;
  enlarged: boolean;
  startAt?: number;
  /** Starts muted; otherwise as the surrounding ProtectedMedia decides. */
  muted?: boolean;
  onLoaded?: () => void;
  onFailed?: () => void;
  videoRef?: RefObject<HTMLVideoElement | null>;
  className?: string;
}) {
  const ownRef = useRef<HTMLVideoElement | null>(null);
  const ref = videoRef ?? ownRef;
  useExitPipOnBlur(ref);
  const log = (action: MediaAction) => (event: SyntheticEvent<HTMLVideoElement>) => {
    if (userId !== null) logVideo(action, event.currentTarget, item.id, userId, enlarged);
  };
  return (
    // The video is the content under review, as the client service sent it: there is no caption
    // track to offer, and the operator has to watch it as its audience would.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      src={src}
      controls
      preload="metadata"
      playsInline
      muted={muted}
      aria-label={`Video of item ${item.id}`}
      className={className}
      onLoadedMetadata={(event) => {
        if (startAt > 0) event.currentTarget.currentTime = startAt;
      }}
      onLoadedData={onLoaded}
      onError={onFailed}
      onPlay={log('play')}
      onPause={(event) => {
        // A pause at the very end comes with 'ended'; log it once, as end.
        if (!event.currentTarget.ended) log('pause')(event);
      }}
      onSeeked={log('seek')}
      onEnded={log('end')}
    />
  );
}

const PLACEHOLDER_ICONS: Record<MessageType, typeof ImageIcon> = {
  image: ImageIcon,
  video: Play,
  audio: AudioLines,
  text: FileText,
  other: Paperclip,
};

const PLACEHOLDER_LABELS: Record<MessageType, string> = {
  image: 'Click to load image',
  video: 'Click to load video',
  audio: 'Click to load audio',
  text: 'Click to show text',
  other: 'Click to load content',
};

function CannotLoad({ href }: { href: string | null }) {
  return (
    <div
      role="alert"
      className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-stone-600 dark:text-zinc-400"
    >
      <p>{MODERATION_TEXTS.cannotLoad}</p>
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex max-w-full items-center gap-1 truncate font-medium text-gold-700 underline underline-offset-2 dark:text-gold-300"
        >
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{href}</span>
        </a>
      )}
    </div>
  );
}

/**
 * The media area of a card (SPEC §2 Content viewer): a click-to-load placeholder until shown
 * (shown at once in batch mode), then the image, video, text or a link for other types. An
 * item becomes loaded when its media finished loading (onLoaded); clicking image or video
 * opens the enlarged dialog.
 */
export function ContentViewer({
  item,
  userId,
  autoLoad,
  onLoaded,
  onEnlarge,
  videoRef,
}: {
  item: ViewerItem;
  /** Null: playback is not logged (see ViewerItem). */
  userId: number | null;
  autoLoad: boolean;
  onLoaded: () => void;
  onEnlarge: () => void;
  videoRef?: RefObject<HTMLVideoElement | null>;
}) {
  const [shown, setShown] = useState(autoLoad || (item.loaded ?? false));
  const [failed, setFailed] = useState(false);
  const visible = shown || autoLoad;
  const src = mediaSource(item);
  const type = item.message_type;

  // Text and other items have no media to wait for: showing them is loading them.
  useEffect(() => {
    if (visible && (type === 'text' || type === 'other')) onLoaded();
  }, [visible, type, onLoaded]);

  if (!visible) {
    const Icon = PLACEHOLDER_ICONS[type];
    return (
      <button
        type="button"
        onClick={() => setShown(true)}
        className="flex h-full w-full flex-col items-center justify-center gap-2 text-sm text-stone-600 hover:bg-stone-200/50 hover:text-stone-800 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100"
      >
        <Icon aria-hidden="true" className="size-7" strokeWidth={1.5} />
        {PLACEHOLDER_LABELS[type]}
      </button>
    );
  }

  if (type === 'text') {
    return (
      <div
        // A scrolling region: focusable so the keyboard can scroll a long text.
        role="region"
        tabIndex={0}
        aria-label={`Text of item ${item.id}`}
        className="h-full overflow-y-auto p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
      >
        {item.content}
      </div>
    );
  }

  if (failed || src === null) return <CannotLoad href={src ?? safeUrl(item.content)} />;

  if (type === 'image') {
    return (
      <button
        type="button"
        onClick={onEnlarge}
        aria-label={`Enlarge image of item ${item.id}`}
        className="group relative h-full w-full cursor-zoom-in"
      >
        <img
          src={src}
          alt={`Content item ${item.id}`}
          className="h-full w-full object-contain"
          onLoad={onLoaded}
          onError={() => setFailed(true)}
        />
      </button>
    );
  }

  if (type === 'video') {
    return (
      <div className="relative h-full w-full">
        <VideoPlayer
          src={src}
          item={item}
          userId={userId}
          enlarged={false}
          onLoaded={onLoaded}
          onFailed={() => setFailed(true)}
          videoRef={videoRef}
          className="h-full w-full bg-black object-contain"
        />
        <button
          type="button"
          onClick={onEnlarge}
          className={clsx(
            'absolute top-2 right-2 rounded bg-black/60 px-2 py-1 text-xs text-white',
            'hover:bg-black/80',
          )}
        >
          Enlarge
        </button>
      </div>
    );
  }

  if (type === 'audio') {
    return (
      <div className="flex h-full items-center justify-center p-4">
        <Suspense fallback={null}>
          <AudioPlayer
            src={src}
            label={`Audio of item ${item.id}`}
            onLoaded={onLoaded}
            onFailed={() => setFailed(true)}
            onEvent={(action, audio) => {
              if (userId !== null) logVideo(action, audio, item.id, userId, false);
            }}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-4 text-sm">
      <Paperclip aria-hidden="true" className="size-6 text-stone-400" />
      <a
        href={src}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex max-w-full items-center gap-1 font-medium text-gold-700 underline underline-offset-2 dark:text-gold-300"
      >
        <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">Open content</span>
      </a>
    </div>
  );
}
