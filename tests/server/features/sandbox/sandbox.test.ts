import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints, type SandboxRun } from '../../../../src/contract/sandbox';
import { fastDeliverySettings } from '../../../support/delivery-fixtures';
import { auditRows } from '../../../support/people-fixtures';
import { waitFor } from '../../../support/protocol';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import { serviceWithReceiver, type ServiceWithReceiver } from '../../../support/tool-fixtures';

/**
 * The Dev Box (/sandbox): a sample sent as a real service goes through ingest, the AI, the
 * queue, a decision (the developer's own or the AI's alone) and delivery, and reaches the
 * built-in receiver signed and verified; the real service's callback never gets it, even when
 * the sandbox service's callback was changed to point at it.
 */
describe('Dev Box', () => {
  // Demo mode off, as in production: the built-in receiver runs all the same.
  const server = useTestServer();
  let developer: TestClient;
  let svc: ServiceWithReceiver;

  beforeAll(async () => {
    developer = await server.signIn('developer');
    await fastDeliverySettings(server.db);
    svc = await serviceWithReceiver(server.db);
  });
  afterAll(async () => {
    await svc.receiver.close();
  });

  const start = async (mode: 'operator' | 'ai', text: string) =>
    (
      await developer.callOk(sandboxEndpoints.start, {
        body: { service_id: svc.service.id, mode, text },
      })
    ).data;
  const run = async (id: number) =>
    (await developer.callOk(sandboxEndpoints.run, { params: { id } })).data;
  const step = (found: SandboxRun, key: string) => found.steps.find((entry) => entry.key === key);
  const untilReceived = async (id: number) => {
    let found: SandboxRun | undefined;
    await waitFor(async () => {
      found = await run(id);
      return found.finished;
    }, 'the receiver gets the webhook');
    if (!found) throw new Error('no run');
    return found;
  };

  it('takes a sample through the pipeline with the developer deciding, to the receiver, verified', async () => {
    const started = await start('operator', 'buy now: free money');
    expect(started).toMatchObject({
      mode: 'operator',
      service: { id: svc.service.id, code: svc.service.code },
      created_by: 'developer',
      tags: svc.service.tags,
      decidable: true,
      finished: false,
    });
    expect(started.ai_tags).toContain('spam');
    expect(started.steps.map((entry) => [entry.key, entry.state])).toEqual([
      ['ingested', 'done'],
      ['ai', 'done'],
      ['queue', 'done'],
      ['decision', 'active'],
      ['delivery', 'waiting'],
      ['received', 'waiting'],
    ]);
    expect(step(started, 'queue')?.detail).toContain('Leased to you');

    const decided = await developer.callOk(sandboxEndpoints.decide, {
      params: { id: started.id },
      body: { tags: ['spam'] },
    });
    expect(step(decided.data, 'decision')).toMatchObject({ state: 'done' });
    expect(step(decided.data, 'decision')?.detail).toContain('Decided by developer: spam');

    const finished = await untilReceived(started.id);
    expect(step(finished, 'delivery')?.state).toBe('done');
    expect(step(finished, 'received')).toMatchObject({ state: 'done' });
    const [webhook] = finished.received;
    expect(webhook).toMatchObject({ verified: true, answered_status: 200 });
    expect(Object.keys(webhook?.headers ?? {})).toEqual(
      expect.arrayContaining([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'content-type',
      ]),
    );
    expect(JSON.parse(webhook?.body ?? '{}')).toMatchObject({
      type: 'content.moderated',
      data: {
        content_id: started.id,
        moderated_status: { spam: 1, nudity: 0 },
        moderated_by: 'developer',
      },
    });
    // The real service's callback never hears of it.
    expect(svc.receiver.requests).toEqual([]);
    expect((await auditRows(server.db, 'sandbox.run')).at(-1)).toMatchObject({
      actor_username: 'developer',
      target_id: String(started.id),
      details: { service: svc.service.code, mode: 'operator' },
    });
    const runs = await developer.callOk(sandboxEndpoints.runs, {});
    expect(runs.data[0]).toMatchObject({ id: started.id, reached: 'received', verified: true });
  });

  it('lets the AI decide a safe sample alone: it never reaches the queue', async () => {
    const started = await start('ai', 'a perfectly friendly hello');
    expect(started.decidable).toBe(false);
    expect(step(started, 'queue')?.state).toBe('skipped');
    expect(step(started, 'decision')?.detail).toContain('AI alone');
    const finished = await untilReceived(started.id);
    expect(JSON.parse(finished.received[0]?.body ?? '{}')).toMatchObject({
      type: 'content.moderated',
      data: { content_id: started.id, moderated_by: null },
    });
  });

  it('hands an AI-mode sample the AI flagged to its sender to decide', async () => {
    const started = await start('ai', 'click here for free money');
    expect(started.decidable).toBe(true);
    expect(step(started, 'decision')?.state).toBe('active');
  });

  it('delivers to the built-in receiver even when the sandbox service’s callback names a real one', async () => {
    const started = await start('operator', 'hello');
    await server.db.query('update services set callback_url = $1 where sandbox', [
      `${svc.receiver.url}/hijacked`,
    ]);
    await developer.callOk(sandboxEndpoints.decide, {
      params: { id: started.id },
      body: { tags: ['drugs'] },
    });
    const finished = await untilReceived(started.id);
    expect(finished.received[0]?.verified).toBe(true);
    expect(svc.receiver.requests).toEqual([]);
  });

  it('refuses what does not fit with a clear 4xx', async () => {
    const unknown = await developer.call(sandboxEndpoints.start, {
      body: { service_id: 2_000_000_000, mode: 'operator', text: 'x' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toHaveProperty('service_id');
    const [sandbox] = await server.db.query<{ id: number }>(
      'select id from services where sandbox',
    );
    const itself = await developer.call(sandboxEndpoints.start, {
      body: { service_id: sandbox?.id ?? 0, mode: 'operator', text: 'x' },
    });
    expect(itself.status).toBe(422);
    const empty = await developer.call(sandboxEndpoints.start, {
      body: { service_id: svc.service.id, mode: 'operator', text: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields?.text).toBe('Enter the text to send');
    const badMode = await developer.call(sandboxEndpoints.start, {
      body: { service_id: svc.service.id, mode: 'robot', text: 'x' } as never,
    });
    expect(badMode.status).toBe(422);

    const mine = await start('operator', 'hello there');
    const unknownTag = await developer.call(sandboxEndpoints.decide, {
      params: { id: mine.id },
      body: { tags: ['not_a_tag'] },
    });
    expect(unknownTag.status).toBe(422);
    expect(unknownTag.body.message).toContain("'not_a_tag' is not a tag of this item");
    const admin = await server.signIn('admin');
    const notTheirs = await admin.call(sandboxEndpoints.decide, {
      params: { id: mine.id },
      body: { tags: ['spam'] },
    });
    expect(notTheirs.status).toBe(409);
    expect(notTheirs.body.message).toBe('Only the developer who started this run decides it.');
    await developer.callOk(sandboxEndpoints.decide, {
      params: { id: mine.id },
      body: { tags: ['spam'] },
    });
    const twice = await developer.call(sandboxEndpoints.decide, {
      params: { id: mine.id },
      body: { tags: ['spam'] },
    });
    expect(twice.status).toBe(409);
    expect((await developer.call(sandboxEndpoints.run, { params: { id: 9_999_999 } })).status).toBe(
      404,
    );
    const operator = await server.signIn('operator');
    expect((await operator.call(sandboxEndpoints.options, {})).status).toBe(403);
  });
});
