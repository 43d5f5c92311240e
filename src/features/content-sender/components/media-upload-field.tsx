import { useId, useRef, useState } from 'react';
import type { UploadedMedia } from '../../../contract/content-sender';
import { errorMessage } from '../../../lib/api-client';
import { uploadMedia } from '../api/content-sender-calls';
import { CONTENT_SENDER_UI_TEXTS as TEXTS, formatBytes } from '../content-sender-texts';

type UploadState =
  | { step: 'none' }
  | { step: 'uploading'; fraction: number }
  | { step: 'done'; media: UploadedMedia }
  | { step: 'failed'; message: string };

/**
 * Picks a file and uploads it at once, showing progress, then a preview of what the server
 * stored (as the operators will see it). The form holds only the stored file's key.
 */
export function MediaUploadField({
  maxBytes,
  error,
  onUploaded,
}: {
  maxBytes: number;
  /** The form's message for the field (nothing uploaded yet, an unknown key). */
  error: string | undefined;
  onUploaded: (key: string) => void;
}) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ step: 'none' });
  const running = useRef<AbortController | null>(null);
  const limit = formatBytes(maxBytes);

  async function choose(file: File | undefined) {
    running.current?.abort();
    onUploaded('');
    if (!file) {
      setState({ step: 'none' });
      return;
    }
    if (file.size > maxBytes) {
      setState({ step: 'failed', message: TEXTS.tooLarge(limit) });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'uploading', fraction: 0 });
    try {
      const media = await uploadMedia(file, {
        signal: controller.signal,
        onProgress: (fraction) => setState({ step: 'uploading', fraction }),
      });
      if (controller.signal.aborted) return;
      setState({ step: 'done', media });
      onUploaded(media.key);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: errorMessage(failure) });
    }
  }

  const message = state.step === 'failed' ? state.message : error;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  return (
    <div className="min-w-0 space-y-2">
      <label htmlFor={id} className="field-label">
        {TEXTS.file}
        <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
          *
        </span>
      </label>
      <input
        id={id}
        name="media_key"
        type="file"
        accept="image/*,video/*,audio/*"
        aria-invalid={message ? true : undefined}
        aria-describedby={[hintId, message ? messageId : ''].filter(Boolean).join(' ')}
        className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-100 dark:file:border-zinc-700 dark:file:bg-zinc-800 dark:file:text-zinc-100 dark:hover:file:bg-zinc-700"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p id={hintId} className="text-xs text-stone-500 dark:text-zinc-400">
        {TEXTS.fileHint(limit)}
      </p>
      {state.step === 'uploading' && (
        <div className="space-y-1" data-testid="upload-progress">
          <progress
            className="h-2 w-full accent-gold-500"
            value={state.fraction}
            max={1}
            aria-label={TEXTS.uploading(Math.round(state.fraction * 100))}
          />
          <p className="text-xs" role="status">
            {TEXTS.uploading(Math.round(state.fraction * 100))}
          </p>
        </div>
      )}
      {message && (
        <p id={messageId} className="field-error" role="alert">
          {message}
        </p>
      )}
      {state.step === 'done' && <UploadedPreview media={state.media} />}
    </div>
  );
}

function UploadedPreview({ media }: { media: UploadedMedia }) {
  return (
    <figure className="space-y-2" data-testid="upload-preview">
      <div className="flex max-h-64 items-center justify-center overflow-hidden rounded-md border border-stone-200 bg-stone-100 dark:border-zinc-700 dark:bg-zinc-900">
        {media.kind === 'image' && (
          <img src={media.path} alt="The uploaded file" className="max-h-64 object-contain" />
        )}
        {media.kind === 'video' && (
          <video
            src={media.path}
            controls
            muted
            preload="metadata"
            aria-label="The uploaded video"
            className="max-h-64"
          />
        )}
        {media.kind === 'audio' && (
          // The sender's own file, played back to check the upload: it has no caption track.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio
            src={media.path}
            controls
            preload="metadata"
            aria-label="The uploaded audio"
            className="w-full p-3"
          />
        )}
      </div>
      <figcaption className="text-xs text-stone-600 dark:text-zinc-400" role="status">
        {TEXTS.uploaded(media.mime, formatBytes(media.size))}
      </figcaption>
    </figure>
  );
}
