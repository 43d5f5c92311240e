/**
 * Bad input never answers 500. A fuzz run over every endpoint of the contract sends random and
 * hostile values (derived from each endpoint's params, query and body schemas) as a signed-in
 * admin, with a valid service token where the endpoint takes one, and checks that every answer
 * is either a success or the JSON failure envelope with a 4xx status, and that the server still
 * answers /healthz afterwards. Then one test per input that once answered 500.
 *
 * Reproduce a failing run with FUZZ_SEED=<the printed seed>.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints';
import type { Endpoint } from '../../src/contract/endpoint';
import { MAX_INT32 } from '../../src/contract/validation';
import { createOperator, createTestService } from '../support/moderation-fixtures';
import { textItem } from '../support/protocol';
import { insertBrand } from '../../server/features/trials/brand-repository';
import type { TestResponse } from '../support/test-client';
import { useTestServer, type ApiBody } from '../support/test-server';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_609);
/** Requests over all endpoints together; each endpoint gets its share, at least MIN_RUNS. */
const TOTAL_RUNS = 600;
const MIN_RUNS = 8;
/** Wall-clock budget of the whole fuzz run; each endpoint stops at its share. */
const BUDGET_MS = 40_000;

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Values that once broke servers: int32 edges, NaN text, NUL, lone surrogates, odd dates. */
const HOSTILE_CONSTANTS: unknown[] = [
  MAX_INT32 + 1,
  2 ** 31,
  -(2 ** 31) - 1,
  -1,
  0,
  2 ** 53 + 1,
  1e308,
  -1e308,
  0.5,
  'NaN',
  'Infinity',
  '-0',
  '2147483648',
  '99999999999999999999',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF',
  '10000-01-01T00:00:00Z',
  '0000-01-01',
  '-271821-04-20T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '',
  ' ',
  'x'.repeat(100_001),
  '__proto__',
  'constructor',
  "'; drop table users; --",
  true,
  false,
  null,
  [],
  {},
  [1, 2, 3],
  { a: { b: { c: 1 } } },
  JSON.parse(nested(40)) as unknown,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>(1, 'a', null, {}), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom<unknown>(1, 'a', null)),
  },
);

/** The fields of an object schema, looking through optional, default, nullable and pipes. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current = schema as unknown as { _zod?: { def: Record<string, unknown> } } | undefined;
  for (let step = 0; current?._zod && step < 10; step += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    const inner = def.innerType ?? def.in;
    if (!inner) return {};
    current = inner as typeof current;
  }
  return {};
}

/** A value a field accepts, when the schema can make one up; else a hostile value. */
function plausible(schema: z.ZodType): unknown {
  const probes: unknown[] = [1, 'text', 'a@example.com', true, '2024-01-01T00:00:00Z', 10, []];
  return probes.find((value) => schema.safeParse(value).success);
}

/** An object with each known field missing, plausible or hostile, plus maybe an extra field. */
function objectFor(shape: Record<string, z.ZodType>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(shape).map(([key, field]) =>
    fc
      .oneof(
        fc.constant<unknown>(undefined),
        fc.constant(plausible(field)),
        hostileValue,
        hostileValue,
      )
      .map((value): [string, unknown] => [key, value]),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileValue)))
    .map(([entries, extra]) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) if (value !== undefined) object[key] = value;
      if (extra) object[extra[0]] = extra[1];
      return object;
    });
}

/** Raw body text: usually the schema's object (or an array of them), sometimes anything at all. */
function bodyFor(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  if (!endpoint.body) return fc.option(hostileValue.map((value) => JSON.stringify(value)));
  const shape = shapeOf(endpoint.body);
  const asObject = objectFor(shape);
  return fc.oneof(
    { weight: 4, arbitrary: asObject.map((value) => JSON.stringify(value)) },
    {
      weight: 2,
      arbitrary: fc.array(asObject, { maxLength: 3 }).map((value) => JSON.stringify(value)),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        nested(10_000),
        `{"a":${nested(100)}}`,
        '{"a":',
        'not json',
        '',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
      ),
    },
  );
}

/** A string as a URL carries it; lone surrogates (which encodeURIComponent refuses) as raw bytes. */
function encodeSegment(value: unknown): string {
  // Node refuses request heads over 16 KB itself (431, before the server sees them), so URLs are
  // kept under that; long text is fuzzed through bodies.
  const full = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  const text = full.slice(0, 2_000);
  const escaped = text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  const encoded = encodeURIComponent(escaped);
  return text === escaped ? encoded : encoded.replaceAll('%EF%BF%BD', '%ED%A0%80');
}

function pathFor(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
  const values = names.map(() =>
    fc.oneof(hostileValue, fc.constant<unknown>(1)).map((value) => {
      const segment = encodeSegment(value);
      return segment === '' ? '%20' : segment;
    }),
  );
  return fc.tuple(...values).map((segments) => {
    let index = 0;
    return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => segments[index++] ?? '1');
  });
}

function queryFor(endpoint: Endpoint): fc.Arbitrary<string> {
  return objectFor(shapeOf(endpoint.query)).map((query) => {
    const parts = Object.entries(query).map(
      ([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`,
    );
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

function expectNoServerFault(
  endpoint: Endpoint,
  request: string,
  response: TestResponse<ApiBody>,
): void {
  const where = `${endpoint.method} ${request.slice(0, 300)} answered ${response.status}: ${response.text.slice(0, 300)}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), where).toContain('application/json');
    const body = response.body as ApiBody & { code?: unknown };
    expect(body.ok, where).toBe(false);
    expect(body.code, where).toEqual(expect.any(String));
    expect(body.message, where).toEqual(expect.any(String));
  }
}

describe('fuzzing every endpoint of the contract', () => {
  const server = useTestServer();

  it('answers random and hostile input with a success or a JSON 4xx, never a 500, and stays up', async () => {
    console.info(`fuzz seed ${SEED} (set FUZZ_SEED to reproduce)`);
    const { token } = await createTestService(server.db);
    // Path parameters are often fuzzed as 1: a trial brand of that address takes those calls
    // past the brand lookup, into their input checks and handlers.
    await insertBrand(server.db, {
      slug: '1',
      name: 'Fuzz',
      primary_color: '#1d4ed8',
      accent_color: '#f59e0b',
      sample_set: 'social',
      headline: '',
      active: true,
    });
    const numRuns = Math.max(MIN_RUNS, Math.floor(TOTAL_RUNS / ALL_ENDPOINTS.length));
    // At least a second each: on a loaded machine one slow first request would otherwise end an
    // endpoint's run before any input was tried, which fast-check reports as a failure.
    const timeLimit = Math.max(1_000, Math.floor(BUDGET_MS / ALL_ENDPOINTS.length));
    for (const endpoint of ALL_ENDPOINTS) {
      // A fresh admin per endpoint, so an endpoint that signs out or changes the password
      // does not leave the next endpoint fuzzed without a session.
      const { client } = await createOperator(server.db, server.baseUrl, { role: 'admin' });
      const headers: Record<string, string> =
        endpoint.access.kind === 'service-token' ? { authorization: `Bearer ${token}` } : {};
      const property = fc.asyncProperty(
        pathFor(endpoint),
        queryFor(endpoint),
        bodyFor(endpoint),
        async (path, query, body) => {
          const url = `${path}${query}`;
          const response = await client.request<ApiBody>(
            endpoint.method,
            url,
            undefined,
            endpoint.method === 'GET' || body === undefined
              ? { headers }
              : { headers, rawBody: body },
          );
          expectNoServerFault(endpoint, url, response);
        },
      );
      const details = await fc.check(property, {
        seed: SEED,
        numRuns,
        interruptAfterTimeLimit: timeLimit,
        markInterruptAsFailure: false,
      });
      if (details.numRuns === 0) {
        // A loaded machine spent the endpoint's whole share on its first request: one input
        // without a time limit still checks it.
        await fc.assert(property, { seed: SEED, numRuns: 1 });
      } else if (details.failed) {
        throw new Error(await fc.asyncDefaultReportMessage(details));
      }
    }
    const health = await server.client().get('/healthz');
    expect(health.status).toBe(200);
  }, 240_000);
});

describe('inputs that once answered 500', () => {
  const server = useTestServer();

  it('an id of 2^31 in a path is a 422 naming the id', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.post(`/api/service-tokens/revoke/${2 ** 31}`);
    expect(response.status).toBe(422);
    expect(response.body.fields).toHaveProperty('id');
    const submitted = await admin.post('/api/content/update', [{ id: 2 ** 31 }]);
    expect(submitted.status).toBe(422);
    expect(submitted.body.fields).toHaveProperty(['0.id']);
  });

  it('a date in the year 10000 is a 422 naming the field', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.post('/api/v2/content/submit-contents', [
      {
        content_id: 1,
        moderated_status: { spam: 1 },
        moderated_time: '+010000-01-01T00:00:00.000Z',
        inbound_time: '2024-01-01T00:00:00.000Z',
        subscriber_id: 'sub-1',
        user_id: 1,
        total_contents: 1,
        username: 'admin',
        is_batch_moderator: false,
      },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.fields?.['0.moderated_time']).toMatch(/between 1970 and 9999/);
  });

  it('NUL in the username at sign-in is a 422, not a database error', async () => {
    const response = await server
      .client()
      .post('/auth/login', { username: 'ad\u0000min', password: 'secret' });
    expect(response.status).toBe(422);
    expect(response.body.fields?.username).toMatch(/cannot be stored/);
  });

  it('a lone surrogate in a search is a 4xx or is read as a replacement character', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.get('/api/service-tokens/?service_name=%ED%A0%80');
    expect(response.status).toBeLessThan(500);
    const moderated = await admin.post('/api/content/log-content', {
      action: 'play',
      user_id: 1,
      onEnlargedContent: false,
      content: { content_id: 1, currentTime: 0, duration: null },
      idempotency_key: 'key-\uD800-0001',
    });
    expect(moderated.status).toBe(422);
    expect(moderated.body.fields?.idempotency_key).toMatch(/cannot be stored/);
  });

  it('JSON nested 10,000 levels deep is a 400 in the JSON envelope', async () => {
    const response = await server
      .client()
      .post('/auth/login', undefined, { rawBody: `{"username":${nested(10_000)}}` });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: 'bad_request' });
    expect(response.body.message).toMatch(/nested too deeply/);
    expect((await server.client().get('/healthz')).status).toBe(200);
  });

  it('NUL in an ingest item is a 422 naming index.field, recorded as a failed content request', async () => {
    const { service, token } = await createTestService(server.db);
    const response = await fetch(new URL('/api/v1/contents', server.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        textItem(1),
        textItem(2, { content: 'bad\u0000text' }),
        textItem(3, { content_additional_details: { note: 'x'.repeat(70 * 1024) } }),
      ]),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ApiBody;
    expect(body.fields?.['1.content']).toMatch(/cannot be stored/);
    expect(body.fields?.['2.content_additional_details']).toMatch(/too large/);
    expect(body.fields).not.toHaveProperty('0.content');
    const failed = await server.db.query<{ type: string; response: string }>(
      'select type, response from failed_content_requests where service_code = $1',
      [service.code],
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.type).toBe('validation');
    expect(failed[0]?.response).toContain('1.content');
  });
});
