import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { contentSenderEndpoints, mediaPath } from '../../../src/contract/content-sender';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { SettingsRegistry } from '../settings/settings-registry';
import { MEDIA_TEXTS, MediaRefusal, type MediaStore } from './media-store';

const REFUSAL_STATUS = { empty: 422, too_large: 413, unsupported: 415 } as const;

export function maxUploadBytes(settings: SettingsRegistry): number {
  return settings.get('media_max_megabytes') * 1024 * 1024;
}

/**
 * POST /api/content/media: the request body is the file itself, streamed to the store as it
 * arrives (never held whole in memory) and judged by its bytes. Registered in a scope of its own
 * whose only body parser hands the raw stream over, whatever Content-Type the client sent.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  deps: { store: MediaStore; settings: SettingsRegistry },
): Promise<void> {
  await deps.store.serve(app);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerEndpoint(scope, contentSenderEndpoints.upload, async ({ request, reply }) => {
      const maxBytes = maxUploadBytes(deps.settings);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared > maxBytes) {
        // The body is not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw new HttpError(413, MEDIA_TEXTS.tooLarge(maxBytes));
      }
      const body = request.body as Readable | undefined;
      if (!body || typeof body[Symbol.asyncIterator] !== 'function') {
        throw new HttpError(422, MEDIA_TEXTS.empty);
      }
      try {
        const stored = await deps.store.put(body, maxBytes);
        return { ok: true as const, data: { ...stored, path: mediaPath(stored.key) } };
      } catch (error) {
        if (error instanceof MediaRefusal) {
          // The rest of a refused upload is not read: the connection closes after the answer.
          if (error.reason === 'too_large') reply.header('connection', 'close');
          throw new HttpError(REFUSAL_STATUS[error.reason], error.message);
        }
        throw error;
      }
    });
  });
}
