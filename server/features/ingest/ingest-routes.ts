import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IngestRequestSchema } from '../../../src/contract/content';
import type { Database } from '../../db/database';
import { HttpError, validationFailure } from '../../http/errors';
import type { AiProvider } from '../ai/ai-provider';
import { findServiceById, upsertSubscribers } from '../services/service-repository';
import { verifyServiceToken } from '../services/service-token-repository';
import {
  insertContents,
  recordFailedContentRequest,
  type NewContent,
  type ParsedIngestItem,
} from './ingest-repository';

export const INGEST_PATH = '/api/v1/contents';

export const INGEST_TEXTS = {
  invalidToken: 'Invalid API token',
  revokedToken: 'Invalid API token: this token was revoked',
  expiredToken: 'Invalid API token: this token has expired',
} as const;

/** The stored copy of a rejected request is cut here: the dashboard shows previews only. */
const STORED_REQUEST_LIMIT = 20_000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Parses one item or an array of items. The contract's union would report a bad item as a bare
 * "Invalid input" at the root, so each branch is parsed on its own to name the bad fields.
 */
function parseBody(body: unknown) {
  const [single, many] = IngestRequestSchema.options;
  if (Array.isArray(body)) {
    const result = many.safeParse(body);
    return result.success
      ? { ok: true as const, items: result.data }
      : { ok: false as const, error: result.error };
  }
  const result = single.safeParse(body ?? undefined);
  return result.success
    ? { ok: true as const, items: [result.data] }
    : { ok: false as const, error: result.error };
}

/**
 * POST /api/v1/contents: client services push content with their bearer token. Rejected bodies,
 * and calls with a revoked or expired token of a known service, are recorded as failed content
 * requests for the dashboard; calls with an unknown token are not, so strangers cannot fill that
 * table.
 */
export async function ingestRoutes(
  app: FastifyInstance,
  deps: { db: Database; ai: AiProvider },
): Promise<void> {
  const { db, ai } = deps;
  app.post(INGEST_PATH, async (request, reply) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, INGEST_TEXTS.invalidToken);
    const verdict = await verifyServiceToken(db, token);
    if (!verdict.ok) {
      const message =
        verdict.reason === 'revoked'
          ? INGEST_TEXTS.revokedToken
          : verdict.reason === 'expired'
            ? INGEST_TEXTS.expiredToken
            : INGEST_TEXTS.invalidToken;
      if (verdict.serviceCode) {
        await recordFailedContentRequest(db, {
          serviceCode: verdict.serviceCode,
          type: `token_${verdict.reason}`,
          request: JSON.stringify(request.body ?? null).slice(0, STORED_REQUEST_LIMIT),
          response: JSON.stringify({ ok: false, code: 'unauthenticated', message }),
        });
      }
      throw new HttpError(401, message);
    }

    const parsed = parseBody(request.body);
    if (!parsed.ok) {
      const failure = validationFailure(parsed.error);
      await recordFailedContentRequest(db, {
        serviceCode: verdict.serviceCode,
        type: 'validation',
        request: JSON.stringify(request.body ?? null).slice(0, STORED_REQUEST_LIMIT),
        response: JSON.stringify(failure),
      });
      return reply.status(422).send(failure);
    }

    const service = await findServiceById(db, verdict.serviceId);
    if (!service) throw new HttpError(401, INGEST_TEXTS.invalidToken);
    const items: ParsedIngestItem[] = parsed.items;
    const suggestions = await Promise.all(
      items.map((item) =>
        ai.inline
          ? ai.suggest({
              messageType: item.message_type,
              content: item.content,
              fileUrl: item.file_url ?? null,
              tags: service.tags,
              wordLists: service.ai_word_lists,
            })
          : Promise.resolve(undefined),
      ),
    );
    const ids = await db.transaction(async (tx) => {
      const subscribers = await upsertSubscribers(
        tx,
        service.id,
        items.map((item) => item.subscriber_id),
      );
      const contents: NewContent[] = items.map((item, index) => ({
        item,
        subscriberId: subscribers.get(item.subscriber_id) ?? 0,
        ai: suggestions[index],
        aiProvider: ai.name,
      }));
      return insertContents(tx, service.id, contents);
    });
    return reply.status(202).send({ ok: true, data: { ids } });
  });
}
