import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { poolEndpoints } from '../../../../src/contract/pools';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import {
  ingestTexts,
  openModerationSocket,
  requestContent,
  takeModeration,
  type SocketRecorder,
} from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/**
 * Routing over real sockets: operators take moderation and ask for items as the console does;
 * pools decide which services each may get, service priority and age decide the order.
 */
describe('routing pools', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  let admin: SignedInUser;
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
    await server.db.query('delete from pools');
  });

  const moderate = async (operator: TestOperator) => {
    const socket = await openModerationSocket(server.baseUrl, operator);
    sockets.push(socket);
    expect(await takeModeration(socket, operator.id)).toBe(true);
    return socket;
  };
  const pool = (name: string, serviceIds: number[], userIds: number[]) =>
    admin.client.callOk(poolEndpoints.create, {
      body: { name, service_ids: serviceIds, user_ids: userIds },
    });
  const setPriority = (serviceId: number, priority: number) =>
    server.db.query('update services set priority = $2 where id = $1', [serviceId, priority]);

  it("gives each pooled operator only their pools' services, and an operator in no pool every service", async () => {
    const news = await createTestService(server.db, { name: 'News' });
    const chat = await createTestService(server.db, { name: 'Chat' });
    const shop = await createTestService(server.db, { name: 'Shop' });
    const newsIds = await ingestTexts(server.baseUrl, news.token, 3);
    const chatIds = await ingestTexts(server.baseUrl, chat.token, 3);
    const shopIds = await ingestTexts(server.baseUrl, shop.token, 3);

    const ann = await createOperator(server.db, server.baseUrl, { maxContent: 10 });
    const bob = await createOperator(server.db, server.baseUrl, { maxContent: 10 });
    const cid = await createOperator(server.db, server.baseUrl, { maxContent: 10 });
    await pool('News desk', [news.service.id], [ann.id]);
    await pool('Chat desk', [chat.service.id], [bob.id]);
    // Ann is in two pools: she gets both pools' services.
    await pool('Shop desk', [shop.service.id], [ann.id]);

    const annSocket = await moderate(ann);
    const bobSocket = await moderate(bob);
    expect(await requestContent(bobSocket, bob.id, 10)).toEqual(chatIds);
    expect(await requestContent(annSocket, ann.id, 10)).toEqual([...newsIds, ...shopIds]);

    // Cid is in no pool: he gets whatever is left, of any service.
    const more = [
      ...(await ingestTexts(server.baseUrl, chat.token, 1)),
      ...(await ingestTexts(server.baseUrl, news.token, 1)),
    ];
    const cidSocket = await moderate(cid);
    expect(await requestContent(cidSocket, cid.id, 10)).toEqual(more);
  });

  it('serves the highest priority first, then the oldest; a membership change applies to the next claim', async () => {
    const low = await createTestService(server.db, { name: 'Low' });
    const high = await createTestService(server.db, { name: 'High' });
    const lowIds = await ingestTexts(server.baseUrl, low.token, 3);
    const highIds = await ingestTexts(server.baseUrl, high.token, 3);
    await setPriority(high.service.id, 10);

    const ann = await createOperator(server.db, server.baseUrl, { maxContent: 10 });
    const socket = await moderate(ann);
    // The three High items (newer, higher priority) before the older Low ones: only one Low
    // item fits. set-content lists what Ann holds oldest first.
    expect(await requestContent(socket, ann.id, 4)).toEqual([lowIds[0], ...highIds]);

    // Put Ann in a pool of the high service only: what she holds stays, nothing new of Low comes.
    await pool('High only', [high.service.id], [ann.id]);
    const newHigh = await ingestTexts(server.baseUrl, high.token, 2);
    const after = await requestContent(socket, ann.id, 10);
    expect(after).toEqual([lowIds[0], ...highIds, ...newHigh]);
    const pendingLow = await server.db.query<{ id: number }>(
      `select id from contents where service_id = $1 and status = 'pending' order by id`,
      [low.service.id],
    );
    expect(pendingLow.map((row) => Number(row.id))).toEqual(lowIds.slice(1).map(Number));
  });

  it('gives an operator whose pools hold no service nothing until one is added', async () => {
    const lonely = await createTestService(server.db, { name: 'Lonely' });
    const mine = await createTestService(server.db, { name: 'Mine' });
    await ingestTexts(server.baseUrl, lonely.token, 2);
    const ann = await createOperator(server.db, server.baseUrl);
    const empty = await pool('Empty', [], [ann.id]);
    const socket = await moderate(ann);
    // A claim that finds nothing sends nothing, so there is no answer to wait for here; the next
    // set-content carries Ann's whole assignment and would show anything this one gave her.
    socket.socket.emit('request-content', { user: { id: ann.id }, count: 5 });
    await admin.client.callOk(poolEndpoints.update, {
      body: {
        id: empty.data.id,
        name: 'Empty',
        service_ids: [mine.service.id],
        user_ids: [ann.id],
      },
    });
    const mineIds = await ingestTexts(server.baseUrl, mine.token, 1);
    expect(await requestContent(socket, ann.id, 5)).toEqual(mineIds);
  });
});
