import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
} from '../../../src/contract/content';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';

/** An answer as kept under a key: what the first request got. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_TEXTS = {
  reused: `This Idempotency-Key was already used with a different request body. Use a new key for a new request; a retry must send the same body.`,
  badKey: (problem: string) => `The Idempotency-Key header ${problem}.`,
} as const;

const TTL = `${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`;

interface KeyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

export interface IdempotentRequest {
  /** The answer of an earlier request with this key and body, if one committed. */
  earlier: KeptAnswer | undefined;
  /**
   * Inside the transaction that queues the items, before it writes anything: takes the key, or
   * answers the earlier answer when another request holds it (after waiting for it to commit).
   */
  claim(tx: Queryable): Promise<KeptAnswer | undefined>;
  /** Inside the same transaction: keeps the answer under the claimed key. */
  keep(tx: Queryable, answer: KeptAnswer): Promise<KeptAnswer>;
}

/** The key of the request, checked (422 naming the header when malformed), or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(',') : header);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]?.message ?? 'is not valid';
  throw new HttpError(422, IDEMPOTENCY_TEXTS.badKey(problem), { 'Idempotency-Key': problem });
}

function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

function answerOf(row: KeyRow, hash: string): KeptAnswer {
  if (row.request_hash !== hash) {
    throw new HttpError(422, IDEMPOTENCY_TEXTS.reused, undefined, 'idempotency_key_reused');
  }
  return { status: row.status_code, body: row.response };
}

async function findKey(db: Queryable, serviceId: number, key: string): Promise<KeyRow | undefined> {
  const rows = await db.query<KeyRow>(
    `select request_hash, status_code, response from ingest_idempotency_keys
      where service_id = $1 and key = $2 and created_at > now() - ${TTL}`,
    [serviceId, key],
  );
  return rows[0];
}

const NO_KEY: IdempotentRequest = {
  earlier: undefined,
  claim: () => Promise.resolve(undefined),
  keep: (_tx, answer) => Promise.resolve(answer),
};

/**
 * The Idempotency-Key of POST /api/v1/contents. A service that did not hear our answer (a cut
 * connection, a timeout) sends the same request again with the same key and gets the first
 * answer back, and the items are queued once.
 *
 * - The key is bound to the service and to a SHA-256 of the parsed body (so whitespace does not
 *   matter, but any changed value does): the same key with another body is a 422.
 * - Only a success is kept. A refused request (bad input, a 4xx from the handler) stored
 *   nothing, and its retry is judged again.
 * - The row is inserted in the transaction that queues the items, and the primary key
 *   (service_id, key) decides between concurrent requests: the second one's insert waits for the
 *   first transaction, then finds its row and answers its answer. If the first rolled back, the
 *   second goes ahead as if it were first.
 * - Keys are kept IDEMPOTENCY_KEY_TTL_HOURS; an older key counts as unused and is swept.
 *
 * Reads the request's key and looks for an earlier answer; a request without a key passes.
 */
export async function idempotentRequest(
  db: Queryable,
  request: FastifyRequest,
  serviceId: number,
): Promise<IdempotentRequest> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return NO_KEY;
  const hash = bodyHash(request.body);
  const found = await findKey(db, serviceId, key);
  return {
    earlier: found && answerOf(found, hash),
    async claim(tx) {
      // The placeholder answer never leaves this transaction: keep() replaces it before commit.
      // An expired row is taken over as if it were not there.
      const taken = await tx.query(
        `insert into ingest_idempotency_keys (service_id, key, request_hash, status_code, response)
         values ($1, $2, $3, 0, 'null')
         on conflict (service_id, key) do update
           set request_hash = excluded.request_hash, status_code = 0, response = 'null',
               created_at = now()
           where ingest_idempotency_keys.created_at <= now() - ${TTL}
         returning 1`,
        [serviceId, key, hash],
      );
      if (taken.length > 0) return undefined;
      const row = await findKey(tx, serviceId, key);
      // Gone between the two statements (swept at its expiry): nothing is queued under it.
      if (!row) throw new HttpError(409, 'Retry the request: its Idempotency-Key just expired.');
      return answerOf(row, hash);
    },
    async keep(tx, answer) {
      await tx.query(
        `update ingest_idempotency_keys set status_code = $3, response = $4::jsonb
          where service_id = $1 and key = $2`,
        [serviceId, key, answer.status, JSON.stringify(answer.body)],
      );
      return answer;
    },
  };
}

/** Sends a kept answer: its status, and a header saying when it repeats an earlier one. */
export function sendKept<Body>(reply: FastifyReply, answer: KeptAnswer, replayed: boolean): Body {
  reply.status(answer.status);
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body as Body;
}

/** Deletes keys past their time; answers how many. */
export async function sweepIdempotencyKeys(db: Queryable): Promise<number> {
  const rows = await db.query(
    `delete from ingest_idempotency_keys where created_at <= now() - ${TTL} returning 1`,
  );
  return rows.length;
}
