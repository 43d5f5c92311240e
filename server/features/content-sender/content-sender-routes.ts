import type { FastifyRequest } from 'fastify';
import {
  CONTENT_SENDER_TEXTS,
  contentSenderEndpoints,
  mediaPath,
  type SendContentSchema,
} from '../../../src/contract/content-sender';
import type { z } from 'zod';
import type { ParsedIngestItem } from '../ingest/ingest-repository';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import type { AiModule } from '../ai/ai-module';
import { recordAudit } from '../audit/audit-repository';
import { answerInline, storeIngested } from '../ingest/ingest-items';
import { refuseSwitchedOff } from '../ingest/ingest-refusals';
import { findServiceById } from '../services/service-repository';
import { maxUploadBytes } from '../media/media-routes';
import type { MediaStore } from '../media/media-store';
import type { QueueSignal } from '../moderation/queue-signal';

type SendContent = z.output<typeof SendContentSchema>;

/**
 * The content sender's calls. A sent item is an ingested item like any other: refused for an
 * inactive service or a blocked subscriber as the API refuses it, answered by the service's AI,
 * queued, decided and delivered to the service. The send is audited with who sent it.
 */
export function registerContentSender(
  context: ServerContext,
  deps: {
    ai: Pick<AiModule, 'forChoice'>;
    media: MediaStore;
    queue: QueueSignal;
    /** The origin the console is reached at, for the absolute address of an upload. */
    linkOrigin: (request: FastifyRequest) => string;
  },
): void {
  const { http, db, settings } = context;

  registerEndpoint(http, contentSenderEndpoints.options, async () => {
    const services = await db.query<{ id: number; code: string; name: string; active: boolean }>(
      'select id, code, name, active from services order by lower(name), id',
    );
    return { ok: true, data: { services, max_upload_bytes: maxUploadBytes(settings) } };
  });

  /** The item as the ingest API would take it. */
  async function itemOf(body: SendContent, request: FastifyRequest): Promise<ParsedIngestItem> {
    const base = {
      subscriber_id: body.subscriber_id,
      user_id: body.user_id,
      username: body.username,
      notes: body.notes === '' ? null : body.notes,
      file_url: null,
      content_additional_details: null,
      channel: body.channel,
      conversation_id: body.conversation_id,
      inbox: body.inbox,
      social: body.social,
      transcript: body.transcript,
    };
    if (body.source === 'text') return { ...base, message_type: 'text', content: body.text };
    if (body.source === 'url') {
      return { ...base, message_type: body.url_type, content: body.url.trim() };
    }
    const stored = await deps.media.find(body.media_key);
    if (!stored) {
      throw new HttpError(422, CONTENT_SENDER_TEXTS.unknownMedia, {
        media_key: CONTENT_SENDER_TEXTS.unknownMedia,
      });
    }
    const url = `${deps.linkOrigin(request)}${mediaPath(stored.key)}`;
    return { ...base, message_type: stored.kind, content: url, file_url: url };
  }

  registerEndpoint(http, contentSenderEndpoints.send, async ({ body, user, request }) => {
    const service = await findServiceById(db, body.service_id);
    if (!service) {
      throw new HttpError(422, CONTENT_SENDER_TEXTS.unknownService, {
        service_id: CONTENT_SENDER_TEXTS.unknownService,
      });
    }
    const item = await itemOf(body, request);
    await refuseSwitchedOff(db, service, [item], () => JSON.stringify(body).slice(0, 20_000));
    const answers = await answerInline(deps.ai, service, [item]);
    const id = await db.transaction(async (tx) => {
      const [stored] = await storeIngested(tx, service, [item], answers);
      if (stored === undefined) throw new Error('the item was not stored');
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'content.send',
        target: { type: 'content', id: stored },
        details: {
          service: service.code,
          subscriber_id: item.subscriber_id,
          message_type: item.message_type,
        },
        ip: request.ip,
      });
      return stored;
    });
    deps.queue.itemsQueued();
    return { ok: true, data: { id, message_type: item.message_type } };
  });
}
