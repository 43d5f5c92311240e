import { SERVICE_TEXTS } from '../../../src/contract/services';
import { SUBSCRIBER_TEXTS } from '../../../src/contract/subscribers';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { ServiceRecord } from '../services/service-repository';
import { blockedExternalIds } from '../subscribers/subscriber-repository';
import type { ParsedIngestItem } from './ingest-repository';
import { recordFailedContentRequest } from './ingest-repository';

/**
 * What administrators switched off: an inactive service (on /services) and a blocked subscriber
 * (on /subscriber). Their new items are refused with 403 and the request is recorded as a failed
 * content request (type `service_inactive` or `subscriber_blocked`), so the dashboard shows it.
 *
 * A batch is refused whole when any of its items is a blocked subscriber's, as a batch with one
 * invalid item is refused whole (422): the answer's ids stay in the order of the items sent, and
 * the sender never has to work out which part of a request was kept. The message names the
 * blocked subscribers, so the sender can send the rest again without them.
 *
 * Checked before the AI step and outside the insert's transaction: a block made while a request
 * is in flight applies from the next request.
 */
export async function refuseSwitchedOff(
  db: Queryable,
  service: ServiceRecord,
  items: readonly ParsedIngestItem[],
  storedRequest: () => string,
): Promise<void> {
  let refusal: { type: string; message: string } | undefined;
  if (!service.active) {
    refusal = { type: 'service_inactive', message: SERVICE_TEXTS.inactive(service.code) };
  } else {
    const blocked = await blockedExternalIds(
      db,
      service.id,
      items.map((item) => item.subscriber_id),
    );
    if (blocked.length > 0) {
      refusal = {
        type: 'subscriber_blocked',
        message: `${blocked.map(SUBSCRIBER_TEXTS.blocked).join(' ')} Nothing of this request was stored.`,
      };
    }
  }
  if (!refusal) return;
  await recordFailedContentRequest(db, {
    serviceCode: service.code,
    type: refusal.type,
    request: storedRequest(),
    response: JSON.stringify({ ok: false, code: 'forbidden', message: refusal.message }),
  });
  throw new HttpError(403, refusal.message);
}
