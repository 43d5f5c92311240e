import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEndpoints } from '../../../../src/contract/demo';
import {
  BRAND_TEXTS,
  TRIAL_BODY_LIMIT_BYTES,
  TRIAL_STATS_DAYS,
  TRIAL_TEXT_MAX_LENGTH,
  trialEndpoints,
  type BrandRow,
} from '../../../../src/contract/trials';
import { trialSignupEndpoints } from '../../../../src/contract/trial-signups';
import { AI_UNAVAILABLE } from '../../../../server/features/trials/public-trial-routes';
import { TRIAL_LIMITS, trialLimits } from '../../../../server/features/trials/trial-limits';
import { parseCsv } from '../../../support/csv';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { ingestItems, textItem } from '../../../support/protocol';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import { createBrand, queueFootprint } from '../../../support/trial-fixtures';

/** Each test speaks from addresses of its own (TRUST_PROXY=1), so limits never cross tests. */
let nextAddress = 10;
function stranger(server: { client(headers?: Record<string, string>): TestClient }) {
  nextAddress += 1;
  return server.client({ 'x-forwarded-for': `203.0.113.${nextAddress}` });
}

describe('public trial pages', () => {
  const server = useTestServer({ env: { TRUST_PROXY: '1' } });
  let admin: TestClient;
  let brand: BrandRow;

  beforeAll(async () => {
    admin = (await createOperator(server.db, server.baseUrl, { role: 'admin' })).client;
    brand = await createBrand(admin, { slug: 'acme', name: 'Acme Social', sample_set: 'social' });
  });

  it('shows an active brand to anyone, and a clear 404 for an unknown or inactive one', async () => {
    const visitor = stranger(server);
    const shown = await visitor.callOk(trialEndpoints.brand, { params: { brand: 'ACME' } });
    expect(shown.data).toMatchObject({
      slug: 'acme',
      name: 'Acme Social',
      primary_color: '#1d4ed8',
      sample_set: { id: 'social', size: 8 },
    });
    const compact = await visitor.callOk(trialEndpoints.compact, { params: { brand: 'acme' } });
    expect(compact.data.items.map((item) => item.id)).toEqual([
      101, 102, 103, 104, 105, 106, 107, 108,
    ]);
    expect(JSON.stringify(compact.data)).not.toContain('reference');

    await createBrand(admin, { slug: 'sleeping', active: false });
    for (const slug of ['no-such-brand', 'sleeping', '%F0%9F%92%A5', 'a'.repeat(90)]) {
      for (const endpoint of [trialEndpoints.brand, trialEndpoints.compact, trialEndpoints.stats]) {
        const answer = await visitor.call(endpoint, { params: { brand: slug } });
        expect(answer.status, `${endpoint.path} ${slug}`).toBe(404);
        expect(answer.body.code).toBe('not_found');
      }
    }
    const unknown = await visitor.call(trialEndpoints.submit, {
      params: { brand: 'no-such-brand' },
      body: { sample_id: 101, tags: ['spam'] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(BRAND_TEXTS.unknownBrand('no-such-brand'));
  });

  it('answers a decision with its comparison and counts it on the live counter', async () => {
    const counted = await createBrand(admin, { slug: 'counted', sample_set: 'marketplace' });
    const visitor = stranger(server);
    const before = await visitor.callOk(trialEndpoints.stats, { params: { brand: 'counted' } });
    expect(before.data.decisions_total).toBe(0);
    expect(before.data.days).toHaveLength(TRIAL_STATS_DAYS);
    expect(before.data.last_decision_at).toBeNull();

    const verdict = await visitor.callOk(trialEndpoints.submit, {
      params: { brand: 'counted' },
      body: { sample_id: 208, tags: ['prohibited_item'] },
    });
    expect(verdict.data).toMatchObject({
      agreement: 'match',
      reference_tags: ['prohibited_item'],
      ai_tags: [],
      ai_agreement: 'differ',
    });
    await stranger(server).callOk(trialEndpoints.submit, {
      params: { brand: 'counted' },
      body: { sample_id: 201, tags: ['scam', 'spam'] },
    });
    await stranger(server).callOk(trialEndpoints.submit, {
      params: { brand: 'counted' },
      body: { sample_id: 201, tags: [] },
    });
    // A sample of another set is not this brand's.
    const foreign = await visitor.call(trialEndpoints.submit, {
      params: { brand: 'counted' },
      body: { sample_id: 101, tags: [] },
    });
    expect(foreign.status).toBe(422);

    const after = await visitor.callOk(trialEndpoints.stats, { params: { brand: 'counted' } });
    expect(after.data).toMatchObject({
      decisions_total: 3,
      decisions_today: 3,
      matched_total: 1,
      partial_total: 1,
    });
    expect(after.data.last_decision_at).not.toBeNull();
    expect(after.data.days.at(-1)).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      decisions: 3,
      matched: 1,
    });
    expect(after.data.samples.find((sample) => sample.sample_id === 201)).toMatchObject({
      title: 'Phone listing',
      decisions: 2,
      matched: 0,
    });
    // The other brand's counter is its own; the admin list sums each brand's use.
    const acme = await visitor.callOk(trialEndpoints.stats, { params: { brand: 'acme' } });
    expect(acme.data.decisions_total).toBe(0);
    expect(counted.decisions).toBe(0);
  });

  it('checks a pasted text with the configured AI and the brand’s tags', async () => {
    const visitor = stranger(server);
    const checked = await visitor.callOk(trialEndpoints.checkText, {
      params: { brand: 'acme' },
      body: { text: 'Click here, you are our lucky winner. Shut up and take the money.' },
    });
    expect(checked.data.provider).toBe('local');
    expect(checked.data.tags).toEqual(['spam', 'harassment']);
    expect(checked.data.reasoning).toContain("'click here'");
    const safe = await visitor.callOk(trialEndpoints.checkText, {
      params: { brand: 'acme' },
      body: { text: 'Lovely walk in the park today.' },
    });
    expect(safe.data.tags).toEqual([]);
  });

  it('refuses empty, long and oversized input with a clear 4xx', async () => {
    const visitor = stranger(server);
    const empty = await visitor.call(trialEndpoints.checkText, {
      params: { brand: 'acme' },
      body: { text: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields?.text).toBe('Paste a text to check');
    const long = await visitor.call(trialEndpoints.checkText, {
      params: { brand: 'acme' },
      body: { text: 'x'.repeat(TRIAL_TEXT_MAX_LENGTH + 1) },
    });
    expect(long.status).toBe(422);
    expect(long.body.fields?.text).toContain(`at most ${TRIAL_TEXT_MAX_LENGTH}`);
    for (const endpoint of [trialEndpoints.checkText, trialEndpoints.submit]) {
      const huge = await visitor.call(
        endpoint,
        { params: { brand: 'acme' }, body: {} as never },
        { rawBody: JSON.stringify({ text: 'y'.repeat(TRIAL_BODY_LIMIT_BYTES) }) },
      );
      expect(huge.status, endpoint.path).toBe(413);
      expect(huge.body.code).toBe('payload_too_large');
    }
    const hugeSignup = await visitor.post(trialEndpoints.signup.path, {
      name: 'n'.repeat(TRIAL_BODY_LIMIT_BYTES),
      email: 'a@example.com',
      consent: true,
    });
    expect(hugeSignup.status).toBe(413);
  });

  it('rate limits each kind of call per address, not for everyone', async () => {
    const noisy = stranger(server);
    const quiet = stranger(server);
    const check = (client: TestClient) =>
      client.call(trialEndpoints.checkText, {
        params: { brand: 'acme' },
        body: { text: 'free money' },
      });
    for (let n = 0; n < TRIAL_LIMITS.textChecks.max; n += 1) {
      expect((await check(noisy)).status).toBe(200);
    }
    const refused = await check(noisy);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.body.message).toMatch(/^Too many text checks from your address/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(quiet)).status).toBe(200);

    const decide = (client: TestClient) =>
      client.call(trialEndpoints.submit, {
        params: { brand: 'acme' },
        body: { sample_id: 103, tags: ['self_harm'] },
      });
    const results = [];
    for (let n = 0; n <= TRIAL_LIMITS.decisions.max; n += 1)
      results.push((await decide(noisy)).status);
    expect(results.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(results.at(-1)).toBe(429);
    expect((await decide(quiet)).status).toBe(200);

    // Every address together has a cap on text checks too: the AI may be a paid service.
    expect(trialLimits('textChecks', '198.51.100.1').map((limit) => limit.key)).toEqual([
      'trial-textChecks:198.51.100.1',
      'trial-textChecks:*',
    ]);
  });

  it('never enters the real queue or reaches a service', async () => {
    const { token } = await createTestService(server.db);
    const [queued] = await ingestItems(server.baseUrl, token, [textItem(7)]);
    const before = await queueFootprint(server.db);
    const visitor = stranger(server);
    for (const sampleId of [101, 102, 104, 106]) {
      await visitor.callOk(trialEndpoints.submit, {
        params: { brand: 'acme' },
        body: { sample_id: sampleId, tags: ['spam'], custom_tag: 'trial' },
      });
    }
    await visitor.callOk(trialEndpoints.checkText, {
      params: { brand: 'acme' },
      body: { text: 'Click here for free money' },
    });
    await visitor.callOk(trialEndpoints.signup, {
      body: { brand: 'acme', name: 'Queue Check', email: 'queue@example.com', consent: true },
    });
    expect(await queueFootprint(server.db)).toEqual(before);
    const [item] = await server.db.query<{ status: string; assigned_to: number | null }>(
      'select status, assigned_to from contents where id = $1',
      [queued],
    );
    expect(item).toEqual({ status: 'pending', assigned_to: null });
    // The public sandbox keeps nothing per visitor: no demo decisions either.
    const [demoRows] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from demo_decisions',
    );
    expect(demoRows?.count).toBe(0);
    expect((await visitor.call(demoEndpoints.result, {})).status).toBe(401);
  });

  it('stores contact details, lists them for administrators and exports them', async () => {
    const visitor = stranger(server);
    const stored = await visitor.call(trialEndpoints.signup, {
      body: {
        brand: 'acme',
        name: '  Rosa Park ',
        email: 'rosa@example.org',
        company: 'Example Ltd',
        phone: '+44 (0)20 7946 0000',
        message: '=HYPERLINK("x") We moderate 20k posts a day.',
        consent: true,
      },
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({ ok: true });

    const list = await admin.callOk(trialSignupEndpoints.list, { query: { search: 'rosa' } });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      name: 'Rosa Park',
      email: 'rosa@example.org',
      company: 'Example Ltd',
      brand_slug: 'acme',
      brand_name: 'Acme Social',
    });
    const byBrand = await admin.callOk(trialSignupEndpoints.list, {
      query: { brand_id: brand.id },
    });
    expect(byBrand.data.map((row) => row.email)).toContain('rosa@example.org');

    const csv = await admin.get(`${trialSignupEndpoints.export.path}?search=rosa`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, row] = parseCsv(csv.text);
    expect(header).toEqual([
      'Received (UTC)',
      'Name',
      'Email',
      'Company',
      'Phone',
      'Brand',
      'Message',
    ]);
    expect(row?.slice(1, 6)).toEqual([
      'Rosa Park',
      'rosa@example.org',
      'Example Ltd',
      // A cell a spreadsheet would run as a formula is made inert.
      "'+44 (0)20 7946 0000",
      'Acme Social',
    ]);
    expect(row?.[6]).toBe(`'=HYPERLINK("x") We moderate 20k posts a day.`);

    const id = list.data[0]?.id ?? 0;
    expect((await admin.callOk(trialSignupEndpoints.remove, { body: { id } })).data.id).toBe(id);
    expect((await admin.call(trialSignupEndpoints.remove, { body: { id } })).status).toBe(404);
    const [audit] = await server.db.query<{ action: string; details: { brand: string } }>(
      `select action, details from audit_log where action = 'trial_signup.delete'`,
    );
    expect(audit?.details.brand).toBe('Acme Social');
    const operator = (await createOperator(server.db, server.baseUrl)).client;
    expect((await operator.call(trialSignupEndpoints.list, {})).status).toBe(403);
  });

  it('refuses incomplete contact details, and too many from one address', async () => {
    const visitor = stranger(server);
    const refused = await visitor.call(trialEndpoints.signup, {
      body: { name: '', email: 'not-an-email', phone: 'call me', consent: false as never },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toMatchObject({
      name: 'Enter your name',
      email: 'Enter a valid email address',
      phone: 'Use digits, spaces and + ( ) - only',
      consent: 'Tick the box so that we may contact you',
    });
    // Without a brand (from the product tour), and with a brand that does not exist.
    for (let n = 0; n < TRIAL_LIMITS.signups.max; n += 1) {
      const body = { brand: n === 0 ? 'gone' : '', name: `P ${n}`, email: `p${n}@example.com` };
      const answer = await visitor.call(trialEndpoints.signup, {
        body: { ...body, consent: true },
      });
      expect(answer.status).toBe(200);
    }
    const tooMany = await visitor.call(trialEndpoints.signup, {
      body: { name: 'P 9', email: 'p9@example.com', consent: true },
    });
    expect(tooMany.status).toBe(429);
    const rows = await admin.callOk(trialSignupEndpoints.list, { query: { search: 'p0@' } });
    expect(rows.data[0]).toMatchObject({ brand_slug: null, brand_name: '' });
  });
});

describe('the text check with a remote AI provider', () => {
  let fake: Server;
  let failing = false;
  const asked: string[] = [];
  beforeAll(async () => {
    fake = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked.push(body);
        if (failing) {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
          return;
        }
        const content = JSON.stringify({ tags: ['Hate speech'], reasoning: 'Dehumanising.' });
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const server = useTestServer({
    env: () => ({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      AI_MODEL: 'tiny',
      AI_TIMEOUT_MS: '5000',
    }),
  });

  it('asks the configured provider, and says so when it does not answer', async () => {
    const admin = (await createOperator(server.db, server.baseUrl, { role: 'admin' })).client;
    await createBrand(admin, { slug: 'remote' });
    const visitor = server.client();
    const checked = await visitor.callOk(trialEndpoints.checkText, {
      params: { brand: 'remote' },
      body: { text: 'They are vermin.' },
    });
    expect(checked.data).toMatchObject({
      provider: 'openai:tiny',
      tags: ['hate_speech'],
      reasoning: 'Dehumanising.',
    });
    expect(asked.at(-1)).toContain('They are vermin.');

    failing = true;
    const down = await visitor.call(trialEndpoints.checkText, {
      params: { brand: 'remote' },
      body: { text: 'They are vermin.' },
    });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'unavailable', message: AI_UNAVAILABLE });
  });
});
