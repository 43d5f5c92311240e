import { useRef } from 'react';
import { Dialog } from '../../../ui/lazy-dialog';
import { useWellbeingPrefs } from '../../wellbeing/api/wellbeing-calls';
import { VideoPlayer, logVideo, mediaSource, type ViewerItem } from './content-viewer';

/**
 * The enlarged media dialog: the image or video at full size. A video goes on as the card's
 * player stood: at its time, muted or not (without a card player, the operator's sound choice).
 * Closing it logs closeMedia for a video (SPEC §7) with where playback stood.
 */
export function MediaDialog({
  item,
  userId,
  open,
  startAt,
  muted,
  onClose,
}: {
  item: ViewerItem & { service: string };
  /** Null: closing is not logged (see ViewerItem). */
  userId: number | null;
  open: boolean;
  startAt: number;
  /** Whether the video starts muted; by default as the operator's sound choice says. */
  muted?: boolean;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const sound = useWellbeingPrefs().sound;
  const src = mediaSource(item);

  function close() {
    if (item.message_type === 'video' && video.current && userId !== null) {
      logVideo('closeMedia', video.current, item.id, userId, true);
    }
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Item #${item.id} · ${item.service}`}
      closeLabel="Close enlarged media"
      size="6xl"
      tone="media"
    >
      {src && item.message_type === 'video' ? (
        <VideoPlayer
          src={src}
          item={item}
          userId={userId}
          enlarged
          startAt={startAt}
          muted={muted ?? !sound}
          videoRef={video}
          className="max-h-[85vh] w-full bg-black object-contain"
        />
      ) : src ? (
        <img
          src={src}
          alt={`Content item ${item.id}, enlarged`}
          className="max-h-[85vh] w-full object-contain"
        />
      ) : null}
    </Dialog>
  );
}
