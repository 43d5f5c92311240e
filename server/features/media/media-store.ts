import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PATH_PREFIX } from '../../../src/contract/content-sender';
import { DETECTION_BYTES, MIME_OF_EXTENSION, detectMedia, type MediaKind } from './media-types';

/**
 * Uploaded media, behind one interface so that an S3-compatible bucket can replace the files on
 * disk: `put` stores a stream, `find` tells whether a key is stored, `serve` answers the
 * addresses `mediaPath(key)` names.
 *
 * Keys are content addresses: the SHA-256 of the bytes and the extension of the detected type
 * (`<sha256>.png`). The same file uploaded twice is stored once, a key can never name other
 * bytes, and being unguessable, an address is only known to those it was given to.
 */
export interface StoredMedia {
  key: string;
  kind: MediaKind;
  mime: string;
  size: number;
}

export interface MediaStore {
  /** Reads `source` to its end and stores it; rejects with a MediaRefusal. */
  put(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredMedia>;
  find(key: string): Promise<StoredMedia | undefined>;
  serve(app: FastifyInstance): Promise<void>;
}

export type MediaRefusalReason = 'empty' | 'too_large' | 'unsupported';

export class MediaRefusal extends Error {
  constructor(
    readonly reason: MediaRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRefusal';
  }
}

/** A key as `put` makes them: nothing else reaches the file system. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

/**
 * Served media never run: no script, no plugin, no form, no navigation, whatever the bytes hold
 * (an SVG with script opened at its address included), and the browser keeps the declared type.
 */
export const MEDIA_RESPONSE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  // Content-addressed: the bytes of an address never change.
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

const KIND_OF_EXTENSION: Record<string, MediaKind> = {};
for (const [ext, mime] of Object.entries(MIME_OF_EXTENSION)) {
  KIND_OF_EXTENSION[ext] = mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : 'audio';
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export const MEDIA_TEXTS = {
  empty: 'The upload was empty: choose a file and send it again.',
  tooLarge: (maxBytes: number) =>
    `The file is larger than the upload limit of ${megabytes(maxBytes)} (the setting "Upload size limit").`,
  unsupported:
    'This file is not an image, video or audio file the console can show (checked by its contents, not its name). Accepted: PNG, JPEG, GIF, WebP, AVIF, SVG, MP4, WebM, QuickTime, MP3, WAV, Ogg, Opus, FLAC, AAC and M4A.',
} as const;

/** Files under `root` (by default DATA_DIR/media), written through a sibling folder. */
export function fileMediaStore(root: string): MediaStore {
  const incoming = `${root}.incoming`;
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);

  return {
    async put(source, maxBytes) {
      await mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, randomUUID());
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      const file = createWriteStream(temporary);
      try {
        for await (const chunk of source) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new MediaRefusal('too_large', MEDIA_TEXTS.tooLarge(maxBytes));
          hash.update(chunk);
          if (headBytes < DETECTION_BYTES) {
            head.push(Buffer.from(chunk));
            headBytes += chunk.byteLength;
          }
          if (!file.write(chunk)) await new Promise<void>((resolve) => file.once('drain', resolve));
        }
        file.end();
        await finished(file);
        if (size === 0) throw new MediaRefusal('empty', MEDIA_TEXTS.empty);
        const detected = await detectMedia(Buffer.concat(head).subarray(0, DETECTION_BYTES));
        if (!detected) throw new MediaRefusal('unsupported', MEDIA_TEXTS.unsupported);
        const key = `${hash.digest('hex')}.${detected.ext}`;
        await mkdir(path.dirname(fileOf(key)), { recursive: true });
        // Same key, same bytes: replacing an earlier copy changes nothing.
        await rename(temporary, fileOf(key));
        return { key, kind: detected.kind, mime: detected.mime, size };
      } catch (error) {
        file.destroy();
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async find(key) {
      if (!MEDIA_KEY_PATTERN.test(key)) return undefined;
      const ext = key.slice(key.indexOf('.') + 1);
      const kind = KIND_OF_EXTENSION[ext];
      const mime = MIME_OF_EXTENSION[ext];
      if (!kind || !mime) return undefined;
      const found = await stat(fileOf(key)).catch(() => undefined);
      return found?.isFile() ? { key, kind, mime, size: found.size } : undefined;
    },

    async serve(app) {
      await mkdir(root, { recursive: true });
      // Its own instance: the SPA owns reply.sendFile (when a build exists).
      await app.register(fastifyStatic, {
        root,
        prefix: MEDIA_PATH_PREFIX,
        decorateReply: false,
        acceptRanges: true,
        cacheControl: false,
        dotfiles: 'deny',
        index: false,
        setHeaders(reply, filePath) {
          const ext = path.extname(filePath).slice(1);
          const mime = MIME_OF_EXTENSION[ext];
          if (mime) reply.header('content-type', mime);
          reply.headers(MEDIA_RESPONSE_HEADERS);
        },
      });
    },
  };
}
