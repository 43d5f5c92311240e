import { afterEach, describe, expect, it } from 'vitest';
import { channelEndpoints } from '../../../../src/contract/channels';
import type { IngestItem } from '../../../../src/contract/content';
import type { EventRefusal } from '../../../../src/contract/socket-events';
import {
  allPermissionsExcept,
  createUserWithPermissions,
  decideWithDelivery,
} from '../../../support/delivery-fixtures';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import type { SocketRecorder } from '../../../support/protocol';
import {
  contentIds,
  fetchContents,
  ingest,
  ingestItems,
  openModerationSocket,
  takeModeration,
  textItem,
} from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/**
 * Channels: what a service sends with an item (channel and context) is validated field by field,
 * a channel view's claim takes only its channel, the context call shows a chat's earlier messages
 * to the item's holder only, and the decision webhook names the channel.
 */
describe('channels', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const sockets: SocketRecorder[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
  });

  const voiceItem = (n: number): IngestItem => ({
    ...textItem(n),
    channel: 'voice',
    message_type: 'audio',
    content: `https://media.example.com/voice-${n}.wav`,
    transcript: `voice message ${n}`,
  });
  const chatItem = (n: number, conversation = 'conv-1', subscriber = 'sub-chat'): IngestItem => ({
    ...textItem(n),
    subscriber_id: subscriber,
    channel: 'chat',
    conversation_id: conversation,
    content: `chat line ${n}`,
  });

  /** moderate-me, then request-content with a channel; answers the ids handed out. */
  const claim = async (
    operator: Awaited<ReturnType<typeof createOperator>>,
    count: number,
    channel?: string,
  ) => {
    const socket = await openModerationSocket(server.baseUrl, operator);
    sockets.push(socket);
    expect(await takeModeration(socket, operator.id)).toBe(true);
    const mark = socket.mark();
    socket.socket.emit('request-content', {
      user: { id: operator.id },
      count,
      ...(channel ? { channel } : {}),
    });
    const answer = await Promise.race([
      socket.next('set-content', () => true, { since: mark }),
      socket.next('refused', () => true, { since: mark }),
    ]);
    return { socket, answer };
  };

  it('answers 422 naming the bad channel field, and stores what a good item sends', async () => {
    const { service, token } = await createTestService(server.db);
    const bad = await ingest(server.baseUrl, token, [
      { ...textItem(1), channel: 'fax' },
      { ...textItem(2), transcript: 'no channel' },
      { ...textItem(3), channel: 'chat' },
      { ...textItem(4), channel: 'inbox', inbox: { sender: 'a@example.com' } },
      { ...textItem(5), channel: 'social', social: { likes: -1, media: ['ftp://x'] } },
      { ...textItem(6), channel: 'calls', conversation_id: 'c-1' },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      '0.channel': expect.any(String),
      '1.transcript': expect.stringMatching(/only for channel calls or voice/),
      '2.conversation_id': expect.stringMatching(/required for channel chat/),
      '3.inbox.recipient': expect.any(String),
      '3.inbox.thread_id': expect.any(String),
      '4.social.likes': expect.stringMatching(/negative/),
      '4.social.media.0': expect.stringMatching(/http\(s\)/),
      '5.conversation_id': expect.stringMatching(/only for channel chat/),
    });

    await ingestItems(server.baseUrl, token, [
      voiceItem(1),
      {
        ...textItem(2),
        channel: 'inbox',
        inbox: { sender: 'a@example.com', recipient: 'b@example.com', thread_id: 't-9' },
      },
      { ...textItem(3), channel: 'social', social: { likes: 4, shares: 1, comments: 2 } },
      textItem(4),
    ]);
    const rows = await server.db.query<{
      channel: string | null;
      message_type: string;
      conversation_key: string | null;
      channel_context: unknown;
    }>(
      `select channel, message_type, conversation_key, channel_context from contents
        where service_id = $1 order by id`,
      [service.id],
    );
    expect(rows).toEqual([
      {
        channel: 'voice',
        message_type: 'audio',
        conversation_key: null,
        channel_context: { transcript: 'voice message 1' },
      },
      {
        channel: 'inbox',
        message_type: 'text',
        conversation_key: 't-9',
        channel_context: {
          inbox: {
            sender: 'a@example.com',
            recipient: 'b@example.com',
            thread_id: 't-9',
            subject: '',
          },
        },
      },
      {
        channel: 'social',
        message_type: 'text',
        conversation_key: null,
        channel_context: { social: { likes: 4, shares: 1, comments: 2, media: [] } },
      },
      { channel: null, message_type: 'text', conversation_key: null, channel_context: null },
    ]);
  });

  it("hands a channel view only its channel's items, and /moderation every channel", async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestItems(server.baseUrl, token, [
      textItem(1),
      voiceItem(2),
      chatItem(3),
      voiceItem(4),
    ]);
    const [plain, voiceA, chat, voiceB] = ids as [number, number, number, number];

    const admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    const { answer } = await claim(admin, 6, 'voice');
    expect(contentIds(answer)).toEqual([voiceA, voiceB]);
    const items = await fetchContents(admin.client, [voiceA]);
    expect(items[0]?.channel).toBe('voice');
    expect(items[0]?.message_type).toBe('audio');

    // Nothing more of that channel: the next voice claim comes back empty, chat still waits.
    const other = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    const chatClaim = await claim(other, 6, 'chat');
    expect(contentIds(chatClaim.answer)).toEqual([chat]);

    const third = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    const all = await claim(third, 6);
    expect(contentIds(all.answer)).toEqual([plain]);
  });

  it('refuses a channel claim without the section permission of that channel', async () => {
    const { token } = await createTestService(server.db);
    await ingestItems(server.baseUrl, token, [voiceItem(1)]);
    const noVoice = await createUserWithPermissions(
      server.db,
      server.baseUrl,
      allPermissionsExcept('section_voice'),
    );
    const { answer } = await claim(noVoice, 2, 'voice');
    expect((answer[0] as EventRefusal).code).toBe('forbidden');
    const [row] = await server.db.query<{ status: string }>('select status from contents');
    expect(row?.status).toBe('pending');
  });

  it("answers a chat item's earlier messages to its holder and 404 to anyone else", async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestItems(server.baseUrl, token, [
      chatItem(1),
      chatItem(2, 'conv-2'),
      chatItem(3, 'conv-1', 'someone-else'),
      chatItem(4),
    ]);
    const [first, , , latest] = ids as [number, number, number, number];
    // The earlier messages are decided already; the latest one is what the operator gets.
    await server.db.query(`update contents set status = 'decided' where id <> $1`, [latest]);

    const holder = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_moderation',
      'section_chat',
    ]);
    const { answer } = await claim(holder, 1, 'chat');
    expect(contentIds(answer)).toEqual([latest]);

    const context = await holder.client.callOk(channelEndpoints.context, {
      params: { id: latest },
    });
    expect(context.data.channel).toBe('chat');
    expect(context.data.context).toEqual({ conversation_id: 'conv-1' });
    // The same subscriber's messages of this conversation only, oldest first, this one last.
    expect(context.data.messages.map((m) => [m.id, m.current])).toEqual([
      [first, false],
      [latest, true],
    ]);

    const stranger = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_moderation',
      'section_chat',
    ]);
    const refused = await stranger.client.call(channelEndpoints.context, {
      params: { id: latest },
    });
    expect(refused.status).toBe(404);
    const missing = await holder.client.call(channelEndpoints.context, {
      params: { id: 2_000_000_000 },
    });
    expect(missing.status).toBe(404);
  });

  it('names the channel in the decision webhook', async () => {
    const { service, token } = await createTestService(server.db);
    await server.db.query(
      `update services set callback_url = 'https://example.com/hook' where id = $1`,
      [service.id],
    );
    const [id] = await ingestItems(server.baseUrl, token, [voiceItem(1)]);
    const admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    await decideWithDelivery(server.db, id ?? 0, admin.id);
    const [delivery] = await server.db.query<{ body: string }>(
      'select body from deliveries where content_id = $1',
      [id],
    );
    const body = JSON.parse(delivery?.body ?? '{}') as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ content_id: id, channel: 'voice', message_type: 'audio' });
  });
});
