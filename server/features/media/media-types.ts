import { fileTypeFromBuffer } from 'file-type';

/**
 * What an uploaded file is, judged by its bytes, never by its name or the type the browser
 * claimed: a PNG renamed .mp4 is a PNG. Only kinds the moderation viewer shows are taken; HTML,
 * scripts, archives and anything unrecognised are refused.
 */
export type MediaKind = 'image' | 'video' | 'audio';

export interface DetectedMedia {
  kind: MediaKind;
  mime: string;
  /** The extension the stored file gets; the server's static files answer its type from it. */
  ext: string;
}

/** How many leading bytes detection needs (file-type reads at most this far for these kinds). */
export const DETECTION_BYTES = 4100;

const ACCEPTED: Record<string, { kind: MediaKind; ext: string }> = {
  'image/png': { kind: 'image', ext: 'png' },
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/gif': { kind: 'image', ext: 'gif' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'image/avif': { kind: 'image', ext: 'avif' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/webm': { kind: 'video', ext: 'webm' },
  'video/quicktime': { kind: 'video', ext: 'mov' },
  'audio/mpeg': { kind: 'audio', ext: 'mp3' },
  'audio/wav': { kind: 'audio', ext: 'wav' },
  'audio/ogg': { kind: 'audio', ext: 'ogg' },
  'audio/ogg; codecs=opus': { kind: 'audio', ext: 'opus' },
  'audio/opus': { kind: 'audio', ext: 'opus' },
  'audio/flac': { kind: 'audio', ext: 'flac' },
  'audio/x-flac': { kind: 'audio', ext: 'flac' },
  'audio/aac': { kind: 'audio', ext: 'aac' },
  'audio/x-m4a': { kind: 'audio', ext: 'm4a' },
  'audio/mp4': { kind: 'audio', ext: 'm4a' },
};

/** The mime types served for the stored extensions (the static file server's own table may differ). */
export const MIME_OF_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.entries(ACCEPTED).map(([mime, { ext }]) => [ext, mime])),
  svg: 'image/svg+xml',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
};

/**
 * An SVG picture: XML text whose root element is <svg>. It may hold script, which never runs in
 * an <img>, and the server serves every upload with a sandboxing Content-Security-Policy, so
 * opening its address directly runs nothing either.
 */
function isSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const withoutProlog = text
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!doctype\s+svg[^>]*>/i, '');
  return /^\s*<svg[\s>]/i.test(withoutProlog);
}

/** The kind of media `head` (the file's first DETECTION_BYTES bytes) starts, or undefined. */
export async function detectMedia(head: Uint8Array): Promise<DetectedMedia | undefined> {
  const found = await fileTypeFromBuffer(head);
  const accepted = found && ACCEPTED[found.mime];
  if (found && accepted) return { ...accepted, mime: found.mime };
  // An SVG with an XML declaration is recognised as XML, one without it not at all.
  if ((!found || found.mime === 'application/xml') && isSvg(head)) {
    return { kind: 'image', mime: 'image/svg+xml', ext: 'svg' };
  }
  return undefined;
}
