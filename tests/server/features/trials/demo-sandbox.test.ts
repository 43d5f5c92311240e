import { describe, expect, it } from 'vitest';
import { demoEndpoints } from '../../../../src/contract/demo';
import { createTestService } from '../../../support/moderation-fixtures';
import { ingestItems, textItem } from '../../../support/protocol';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import { queueFootprint } from '../../../support/trial-fixtures';

describe("the demo role's sandbox", () => {
  const server = useTestServer();
  let demo: TestClient;

  const signInDemo = async () => {
    demo = await server.signIn('demo');
    await demo.callOk(demoEndpoints.reset, {});
    return demo;
  };

  it('shows sample items with the AI suggestion and without the reference result', async () => {
    await signInDemo();
    const { data } = await demo.callOk(demoEndpoints.compact, {});
    expect(data.set.id).toBe('social');
    expect(data.items).toHaveLength(data.set.size);
    const giveaway = data.items.find((item) => item.id === 101);
    expect(giveaway?.message_type).toBe('text');
    // The built-in provider read the text with the set's word lists.
    expect(giveaway?.ai?.tags).toEqual(['spam']);
    expect(giveaway?.ai?.reasoning).toContain('lucky winner');
    const picture = data.items.find((item) => item.message_type === 'image');
    expect(picture?.content).toMatch(/^\/trial-media\/\d+\.svg$/);
    // Nothing in the answer gives the reference away before a decision.
    const raw = JSON.stringify(data);
    expect(raw).not.toContain('reference');
    expect(raw).not.toContain('textbook spam');

    const image = await server.client().get(picture?.content ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.text).toContain('<svg');
    expect(image.text).not.toContain('<script');
  });

  it('compares a decision with the reference and the AI, and keeps the first decision', async () => {
    await signInDemo();
    // The film review: the AI flags violence, the reference leaves it untagged.
    const review = await demo.callOk(demoEndpoints.submit, {
      body: { sample_id: 104, tags: [], custom_tag: '  spoilers ' },
    });
    expect(review.data).toMatchObject({
      sample_id: 104,
      tags: [],
      custom_tag: 'spoilers',
      reference_tags: [],
      ai_tags: ['violence'],
      agreement: 'match',
      ai_agreement: 'differ',
      missed: [],
      extra: [],
    });
    expect(review.data.reasoning).toContain('film review');

    // The meme: one of the two reference tags, in another order than the set's.
    const meme = await demo.callOk(demoEndpoints.submit, {
      body: { sample_id: 108, tags: ['violence', 'spam', 'violence'] },
    });
    expect(meme.data).toMatchObject({
      tags: ['spam', 'violence'],
      reference_tags: ['harassment', 'violence'],
      agreement: 'partial',
      missed: ['harassment'],
      extra: ['spam'],
      ai_tags: [],
      ai_agreement: 'differ',
    });

    // Deciding again answers the decision that stands.
    const again = await demo.callOk(demoEndpoints.submit, {
      body: { sample_id: 104, tags: ['violence'] },
    });
    expect(again.data.tags).toEqual([]);
    expect(again.data.decided_at).toBe(review.data.decided_at);

    const { data } = await demo.callOk(demoEndpoints.result, {});
    expect(data.verdicts.map((verdict) => verdict.sample_id)).toEqual([104, 108]);
    expect(data.summary).toEqual({
      total: 8,
      reviewed: 2,
      matched: 1,
      partial: 1,
      differed: 0,
      ai_matched: 0,
      ai_answered: 2,
    });
  });

  it('starts over on reset, for this user only', async () => {
    await signInDemo();
    const other = await server.signIn('admin');
    await other.callOk(demoEndpoints.reset, {});
    await other.callOk(demoEndpoints.submit, { body: { sample_id: 101, tags: ['spam'] } });
    await demo.callOk(demoEndpoints.submit, { body: { sample_id: 101, tags: ['harassment'] } });
    await demo.callOk(demoEndpoints.reset, {});

    expect((await demo.callOk(demoEndpoints.result, {})).data.summary.reviewed).toBe(0);
    const kept = (await other.callOk(demoEndpoints.result, {})).data;
    expect(kept.verdicts).toMatchObject([{ sample_id: 101, agreement: 'match' }]);
    // A sample decided before the reset can be decided afresh.
    const fresh = await demo.callOk(demoEndpoints.submit, {
      body: { sample_id: 101, tags: ['spam'] },
    });
    expect(fresh.data.agreement).toBe('match');
  });

  it('refuses samples and tags that are not in the sandbox with a 422 naming them', async () => {
    await signInDemo();
    const unknownSample = await demo.call(demoEndpoints.submit, {
      body: { sample_id: 201, tags: [] },
    });
    expect(unknownSample.status).toBe(422);
    expect(unknownSample.body.fields?.sample_id).toContain('no sample 201');
    const unknownTag = await demo.call(demoEndpoints.submit, {
      body: { sample_id: 101, tags: ['spam', 'counterfeit'] },
    });
    expect(unknownTag.status).toBe(422);
    expect(unknownTag.body.message).toContain('counterfeit');
    const extraField = await demo.call(demoEndpoints.submit, {
      body: { sample_id: 101, tags: [], queue: true } as never,
    });
    expect(extraField.status).toBe(422);
    expect((await demo.callOk(demoEndpoints.result, {})).data.summary.reviewed).toBe(0);
  });

  it('never touches the real queue or a delivery', async () => {
    await signInDemo();
    const { token } = await createTestService(server.db);
    const [queued] = await ingestItems(server.baseUrl, token, [textItem(1)]);
    const before = await queueFootprint(server.db);
    for (const sampleId of [101, 102, 103, 105, 106, 107]) {
      await demo.callOk(demoEndpoints.submit, { body: { sample_id: sampleId, tags: ['spam'] } });
    }
    await demo.callOk(demoEndpoints.reset, {});
    expect(await queueFootprint(server.db)).toEqual(before);
    const [item] = await server.db.query<{ status: string }>(
      'select status from contents where id = $1',
      [queued],
    );
    expect(item?.status).toBe('pending');
  });

  it('is open to roles holding the demo permission only', async () => {
    const operator = await server.signIn('operator');
    const refused = await operator.call(demoEndpoints.compact, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('section_demo_moderation');
    expect((await server.client().call(demoEndpoints.result, {})).status).toBe(401);
  });
});
