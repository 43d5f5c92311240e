/**
 * What the tools' tests (content tool, bulk discard, Dev Box) share: a client service whose
 * callback is a local receiver answering 200, operators routed to that service alone (a pool of
 * their own, so other tests' items never reach them), and a check of a received webhook's
 * signature with the service's secret.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../server/db/database';
import { WEBHOOK_HEADERS, verifyWebhook } from '../../server/features/delivery/webhook-signature';
import type { ServiceRecord } from '../../server/features/services/service-repository';
import {
  json,
  startLocalServer,
  type LocalHttpServer,
  type ReceivedRequest,
} from './delivery-fixtures';
import { createOperator, createTestService, type TestOperator } from './moderation-fixtures';

export interface ServiceWithReceiver {
  service: ServiceRecord;
  token: string;
  secret: string;
  receiver: LocalHttpServer;
}

/** A service (the test tags) whose callback is a fresh local receiver answering 200. */
export async function serviceWithReceiver(db: Queryable): Promise<ServiceWithReceiver> {
  const receiver = await startLocalServer((_request, index, response) =>
    json(response, 200, { received: index }),
  );
  const { service, token } = await createTestService(db, { callbackUrl: `${receiver.url}/hook` });
  const [row] = await db.query<{ webhook_secret: string }>(
    'select webhook_secret from services where id = $1',
    [service.id],
  );
  return { service, token, secret: row?.webhook_secret ?? '', receiver };
}

/** An operator (with a session) who is given items of this service only. */
export async function operatorOf(
  db: Database,
  baseUrl: string,
  serviceId: number,
): Promise<TestOperator> {
  const operator = await createOperator(db, baseUrl);
  const [pool] = await db.query<{ id: number }>(
    'insert into pools (name) values ($1) returning id',
    [`pool-${randomBytes(5).toString('hex')}`],
  );
  await db.query('insert into pool_services (pool_id, service_id) values ($1, $2)', [
    pool?.id,
    serviceId,
  ]);
  await db.query('insert into pool_members (pool_id, user_id) values ($1, $2)', [
    pool?.id,
    operator.id,
  ]);
  return operator;
}

/** Whether the request carries a valid Standard Webhooks signature made with `secret`. */
export function signedWith(secret: string, request: ReceivedRequest | undefined): boolean {
  if (!request) return false;
  const header = (name: string) => String(request.headers[name] ?? '');
  return verifyWebhook(
    secret,
    {
      id: header(WEBHOOK_HEADERS.id),
      timestamp: header(WEBHOOK_HEADERS.timestamp),
      signature: header(WEBHOOK_HEADERS.signature),
    },
    request.body,
  );
}

/** The parsed JSON bodies the receiver got, in order. */
export function receivedBodies(receiver: LocalHttpServer): {
  type: string;
  data: Record<string, unknown>;
}[] {
  return receiver.requests.map(
    (request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> },
  );
}
