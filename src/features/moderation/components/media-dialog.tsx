import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { ModerationItem } from '../moderation-rules';
import { VideoPlayer, logVideo, mediaSource } from './content-viewer';

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
  item: ModerationItem;
  userId: number;
  open: boolean;
  startAt: number;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const src = mediaSource(item);

  function close() {
    if (item.message_type === 'video' && video.current) {
      logVideo('closeMedia', video.current, item.id, userId, true);
    }
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/80" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="relative flex max-h-full w-full max-w-6xl flex-col gap-2">
          <div className="flex items-center justify-between text-white">
            <DialogTitle className="text-sm font-medium">
              Item #{item.id} · {item.service}
            </DialogTitle>
            <button
              type="button"
              onClick={close}
              className="rounded-md p-1.5 hover:bg-white/10"
              aria-label="Close enlarged media"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
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
        </DialogPanel>
      </div>
    </Dialog>
  );
}
