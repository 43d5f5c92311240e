import { beforeAll, describe, expect, it } from 'vitest';
import { BRAND_TEXTS, trialBrandEndpoints, trialEndpoints } from '../../../../src/contract/trials';
import { trialSignupEndpoints } from '../../../../src/contract/trial-signups';
import { createOperator } from '../../../support/moderation-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import { brandForm, createBrand } from '../../../support/trial-fixtures';

describe('trial brands', () => {
  const server = useTestServer();
  let admin: TestClient;

  beforeAll(async () => {
    admin = (await createOperator(server.db, server.baseUrl, { role: 'admin' })).client;
  });

  it('offers the sample sets of the catalogue', async () => {
    const { data } = await admin.callOk(trialBrandEndpoints.options, {});
    expect(data.sample_sets.map((set) => [set.id, set.size])).toEqual([
      ['social', 8],
      ['marketplace', 8],
      ['gaming', 8],
    ]);
    expect(data.sample_sets[1]?.tags.map((tag) => tag.label)).toContain('Prohibited Item');
  });

  it('creates, edits and deletes a brand, each change audited', async () => {
    const created = await createBrand(admin, {
      slug: '  Bazaar-UK ',
      name: 'Bazaar',
      primary_color: '#0F766E',
      sample_set: 'marketplace',
    });
    expect(created).toMatchObject({
      slug: 'bazaar-uk',
      primary_color: '#0f766e',
      sample_set_title: 'Marketplace',
      active: true,
      decisions: 0,
      signups: 0,
    });
    const visitor = server.client();
    expect(
      (await visitor.call(trialEndpoints.brand, { params: { brand: 'bazaar-uk' } })).status,
    ).toBe(200);

    const edited = await admin.callOk(trialBrandEndpoints.update, {
      body: {
        id: created.id,
        ...brandForm({ slug: 'bazaar-uk', name: 'Bazaar UK', active: false }),
      },
    });
    expect(edited.data).toMatchObject({ name: 'Bazaar UK', active: false, sample_set: 'social' });
    // An inactive brand's pages answer not found.
    const hidden = await visitor.call(trialEndpoints.brand, { params: { brand: 'bazaar-uk' } });
    expect(hidden.status).toBe(404);

    await admin.callOk(trialBrandEndpoints.update, {
      body: { id: created.id, ...brandForm({ slug: 'bazaar-uk', name: 'Bazaar UK' }) },
    });
    await visitor.callOk(trialEndpoints.submit, {
      params: { brand: 'bazaar-uk' },
      body: { sample_id: 101, tags: ['spam'] },
    });
    await visitor.callOk(trialEndpoints.signup, {
      body: { brand: 'bazaar-uk', name: 'Olga', email: 'olga@example.com', consent: true },
    });
    const listed = (await admin.callOk(trialBrandEndpoints.list, {})).data.find(
      (row) => row.id === created.id,
    );
    expect(listed).toMatchObject({ decisions: 1, signups: 1 });

    await admin.callOk(trialBrandEndpoints.remove, { body: { id: created.id } });
    expect(
      (await admin.callOk(trialBrandEndpoints.list, {})).data.map((row) => row.id),
    ).not.toContain(created.id);
    // Its sign-up stays, with the brand's name as it was; its counts go with it.
    const signups = await admin.callOk(trialSignupEndpoints.list, { query: { search: 'olga' } });
    expect(signups.data[0]).toMatchObject({ brand_slug: null, brand_name: 'Bazaar UK' });
    const [counts] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from trial_decision_counts where brand_id = $1',
      [created.id],
    );
    expect(counts?.count).toBe(0);
    const actions = await server.db.query<{ action: string }>(
      `select action from audit_log where target_type = 'trial_brand' and target_id = $1
        order by id`,
      [String(created.id)],
    );
    expect(actions.map((row) => row.action)).toEqual([
      'trial_brand.create',
      'trial_brand.update',
      'trial_brand.update',
      'trial_brand.delete',
    ]);
  });

  it('refuses a taken, reserved or malformed address, an unknown set and bad colours', async () => {
    await createBrand(admin, { slug: 'taken' });
    const taken = await admin.call(trialBrandEndpoints.create, {
      body: brandForm({ slug: 'TAKEN' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields?.slug).toBe(BRAND_TEXTS.slugTaken);

    const refused = await admin.call(trialBrandEndpoints.create, {
      body: brandForm({ slug: 'regcomplete', primary_color: 'blue', accent_color: '#12345' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toMatchObject({
      slug: BRAND_TEXTS.slugReserved('regcomplete'),
      primary_color: BRAND_TEXTS.colorFormat,
      accent_color: BRAND_TEXTS.colorFormat,
    });
    for (const slug of ['-edge', 'two--hyphens', 'space d', 'ü-mlaut', 'x'.repeat(41)]) {
      const bad = await admin.call(trialBrandEndpoints.create, { body: brandForm({ slug }) });
      expect(bad.status, slug).toBe(422);
      expect(bad.body.fields?.slug, slug).toBe(BRAND_TEXTS.slugFormat);
    }
    const noSet = await admin.call(trialBrandEndpoints.create, {
      body: brandForm({ sample_set: 'casino' }),
    });
    expect(noSet.status).toBe(422);
    expect(noSet.body.fields?.sample_set).toBe(BRAND_TEXTS.unknownSet);
    const missing = await admin.call(trialBrandEndpoints.update, {
      body: { id: 2_000_000_000, ...brandForm() },
    });
    expect(missing.status).toBe(404);
  });

  it('is for holders of section_trial_brands only', async () => {
    const operator = (await createOperator(server.db, server.baseUrl)).client;
    const refused = await operator.call(trialBrandEndpoints.list, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('section_trial_brands');
    expect((await server.client().call(trialBrandEndpoints.list, {})).status).toBe(401);
  });
});
