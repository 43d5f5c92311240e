import { useRef } from 'react';
import { Dialog } from '../../../ui/lazy-dialog';
import { VideoPlayer, logVideo, mediaSource, type ViewerItem } from './content-viewer';

/**
 * The enlarged media dialog: the image or video at full size. Closing it logs closeMedia for a
 * video (SPEC §7) with where playback stood.
 */
export function MediaDialog({
  item,
  userId,
  open,
  startAt,
  onClose,
}: {
  item: ViewerItem & { service: string };
  /** Null: closing is not logged (see ViewerItem). */
  userId: number | null;
  open: boolean;
  startAt: number;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
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
