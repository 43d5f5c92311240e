/**
 * The permission matrix: every HTTP endpoint of the contract (ALL_ENDPOINTS) and every client
 * socket event (ALL_CLIENT_EVENTS), called by every demo role and by nobody, answers as its
 * `access` says: 401 without a session, 403 for a role lacking the permission, and anything but
 * 401, 403 or a 5xx for a role holding it. Public endpoints never answer 401 or 403; service-token
 * endpoints answer 401 to a session without a bearer token. Each call sends valid-looking minimal
 * input (EXAMPLES below), so a refusal can only come from the access check.
 *
 * What a role holds is read from the server (GET /api/auth), so the matrix follows the roles as
 * they are seeded. One server and one signed-in client per role serve the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/contract/api';
import { authEndpoints } from '../../src/contract/auth';
import { ingestEndpoints } from '../../src/contract/content';
import { CHANNELS, CHANNEL_PERMISSIONS } from '../../src/contract/channels';
import {
  missingPermissions,
  needsAll,
  type Access,
  type Endpoint,
} from '../../src/contract/endpoint';
import { ALL_ENDPOINTS } from '../../src/contract/endpoints';
import {
  ALL_CLIENT_EVENTS,
  NAMESPACES,
  clientEvents,
  NAMESPACE_ACCESS,
  type ClientEvent,
  type EventRefusal,
  type NamespaceName,
} from '../../src/contract/socket-events';
import { NOT_SIGNED_IN } from '../../server/sockets/socket-server';
import { createSessions, createTestService } from '../support/moderation-fixtures';
import {
  SocketRecorder,
  connectSocket,
  ingest,
  serviceClient,
  sessionClient,
  textItem,
  waitFor,
} from '../support/protocol';
import type { TestClient } from '../support/test-client';
import { useTestServer } from '../support/test-server';

const DEMO_ROLES = ['admin', 'developer', 'operator', 'batch', 'customer', 'demo'] as const;
type DemoUser = (typeof DEMO_ROLES)[number];

/** A day of reports and charts. */
const MATRIX_RANGE = { from: '2026-01-05T00:00:00.000Z', to: '2026-01-05T23:59:59.999Z' };

/** An id no row has: calls with it get past the access check and fail on their own. */
const NO_SUCH_ID = 2_000_000_000;

/** A valid service form whose loopback callback the server refuses (422) after the access check. */
function matrixServiceBody(code: string) {
  return {
    code,
    name: 'Matrix service',
    active: true,
    priority: 0,
    tags: [{ name: 'spam', label: 'Spam' }],
    submit_without_tags: false,
    enable_dynamic_tags: false,
    ai_provider: 'none',
    ai_word_lists: {},
    callback_url: 'http://127.0.0.1:9/matrix',
  };
}

interface Principal {
  name: DemoUser | 'nobody';
  /** Signed in: the user's id and permissions as the server reports them. */
  user?: { id: number; username: string; permissions: string[] };
  /** The client for this principal's calls; nobody gets a fresh client per call. */
  client(): TestClient;
  /** A client on a session of its own, for calls that end or replace the session. */
  throwawayClient(): Promise<TestClient>;
}

type Input = { params?: object; query?: object; body?: unknown };

interface Example {
  input: (who: Principal) => Input;
  /** The call ends or replaces the session: made on a session of its own. */
  throwaway?: boolean;
}

const ownId = (who: Principal) => who.user?.id ?? NO_SUCH_ID;

/** Valid-looking minimal input per endpoint, by `METHOD path`. */
const EXAMPLES: Record<string, Example> = {
  'GET /healthz': { input: () => ({}) },
  'GET /readyz': { input: () => ({}) },
  // METRICS=off (the default) here: 404 for everyone; its token mode is in metrics.test.ts.
  'GET /metrics': { input: () => ({}) },
  'GET /api/auth': { input: () => ({}) },
  // Signs in as the caller again (nobody signs in as the demo user): a good sign-in answers 200.
  'POST /auth/login': {
    input: (who) => ({ body: { username: who.user?.username ?? 'demo', password: 'demo' } }),
    throwaway: true,
  },
  'POST /auth/logout': { input: () => ({}), throwaway: true },
  'POST /auth/forgot-password': { input: () => ({ body: { email: 'nobody@example.com' } }) },
  'GET /auth/reset-password': { input: () => ({ query: { token: 'not-a-real-reset-token' } }) },
  'POST /auth/reset-password': {
    input: () => ({ body: { token: 'not-a-real-reset-token', password: 'a new passphrase' } }),
  },
  // A wrong current password: the access check passes, the password stays.
  'POST /api/users/me/password': {
    input: () => ({
      body: { current_password: 'not the password', new_password: 'a new passphrase' },
    }),
  },
  'GET /api/csrf-token': { input: () => ({}) },
  'POST /api/v1/contents': { input: () => ({ body: [textItem(1)] }) },
  'GET /api/v1/contents/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/content/sender-options': { input: () => ({}) },
  // The body is the file; "{}" is no kind of media: 415 after the access check.
  'POST /api/content/media': { input: () => ({ body: {} }) },
  // No such service: 422 after the access check, nothing queued.
  'POST /api/content/send': {
    input: () => ({
      body: {
        service_id: NO_SUCH_ID,
        subscriber_id: 'matrix',
        user_id: 'matrix',
        source: 'text',
        text: 'matrix',
      },
    }),
  },
  'POST /api/content/update': { input: () => ({ body: [{ id: NO_SUCH_ID }] }) },
  // No such item: 404 after the access check.
  'GET /api/content/:id/context': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/v2/content/submit-contents': {
    input: (who) => ({
      body: [
        {
          content_id: NO_SUCH_ID,
          moderated_status: { spam: 1 },
          moderated_time: new Date().toISOString(),
          inbound_time: new Date().toISOString(),
          subscriber_id: 'sub-0',
          user_id: ownId(who),
          total_contents: 1,
          username: who.user?.username ?? 'nobody',
          is_batch_moderator: false,
        },
      ],
    }),
  },
  'POST /api/v2/content-duration/update-user-moderated-time': {
    input: (who) => ({ body: { user_id: ownId(who), content_id: NO_SUCH_ID } }),
  },
  'POST /api/content/log-content': {
    input: (who) => ({
      body: {
        action: 'play',
        user_id: ownId(who),
        onEnlargedContent: false,
        content: { content_id: NO_SUCH_ID, currentTime: 0, duration: 10 },
      },
    }),
  },
  'GET /api/statistics/moderated/:id': {
    input: (who) => ({
      params: { id: ownId(who) },
      query: { start_date: '2024-05-01 00:00:00', end_date: '2024-05-01 23:59:59' },
    }),
  },
  'GET /api/content/get/requests': { input: () => ({}) },
  'GET /api/aggregators/get/responses': { input: () => ({}) },
  'GET /api/aggregators/get/stuck/pending': { input: () => ({}) },
  'GET /api/aggregators/get/failed/ai-moderate': { input: () => ({}) },
  'GET /api/aggregators/get/pending/stuckPending': { input: () => ({}) },
  // Delivery administration and the test delivery: unknown ids answer 404 after the access check.
  'GET /api/aggregators/services': { input: () => ({}) },
  'GET /api/aggregators/disabled': { input: () => ({}) },
  'GET /api/aggregators/services/:id/problems': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/aggregators/deliveries/:id/redeliver': {
    input: () => ({ params: { id: NO_SUCH_ID } }),
  },
  'POST /api/aggregators/services/:id/redeliver-failed': {
    input: () => ({ params: { id: NO_SUCH_ID } }),
  },
  'POST /api/aggregators/services/:id/pause': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/aggregators/services/:id/resume': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/aggregators/services/:id/enable': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/services/:id/test-delivery': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/service-tokens/': { input: () => ({ query: { page: 1, per_page: 10 } }) },
  'POST /api/service-tokens/create': { input: () => ({ body: { service_id: NO_SUCH_ID } }) },
  'POST /api/service-tokens/revoke/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/v2/services/fetch': { input: () => ({}) },
  'POST /api/online-users/:userId/kick': { input: () => ({ params: { userId: NO_SUCH_ID } }) },
  'POST /api/online-users/:userId/park': { input: () => ({ params: { userId: NO_SUCH_ID } }) },
  'GET /api/login-history': { input: () => ({ query: {} }) },
  'GET /api/login-history/export': { input: () => ({ query: {} }) },
  'GET /api/history/decisions': { input: () => ({ query: {} }) },
  'GET /api/history/decisions/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/history/decisions/export': { input: () => ({ query: {} }) },
  'GET /api/history/options': { input: () => ({}) },
  'GET /api/customer-moderation/decisions': { input: () => ({ query: {} }) },
  'GET /api/customer-moderation/decisions/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/customer-moderation/decisions/export': { input: () => ({ query: {} }) },
  'GET /api/customer-moderation/options': { input: () => ({}) },
  'GET /api/audit-log': { input: () => ({ query: {} }) },
  'GET /api/audit-log/export': { input: () => ({ query: {} }) },
  'GET /api/users/all': { input: () => ({ query: {} }) },
  'GET /api/users/export': { input: () => ({ query: {} }) },
  'GET /api/users/options': { input: () => ({}) },
  // A role that does not exist: refused after the access check, nobody is created.
  'POST /api/users/create': {
    input: (who) => ({
      body: {
        username: `matrix_${who.name}`,
        email: `matrix_${who.name}@example.com`,
        role_id: NO_SUCH_ID,
        max_content: 6,
        is_batch_moderator: false,
      },
    }),
  },
  'POST /api/users/update/:id': {
    input: () => ({
      params: { id: NO_SUCH_ID },
      body: {
        username: 'matrix_nobody',
        role_id: NO_SUCH_ID,
        max_content: 6,
        is_batch_moderator: false,
      },
    }),
  },
  'GET /api/settings/list': { input: () => ({}) },
  'GET /api/users/me/wellbeing': { input: () => ({}) },
  'PUT /api/users/me/wellbeing': { input: () => ({ body: { media: 'none', sound: false } }) },
  // An unknown key: refused after the access check, nothing is saved.
  'POST /api/settings/save': { input: () => ({ body: { matrix_no_such_setting: 1 } }) },
  'POST /api/users/deactivate/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/users/activate/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/users/reset-password/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/users/unlock/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  // Two-factor calls that reach their own refusals (nothing pending, nothing on, no such
  // challenge or id); starting a setup only leaves a key that counts for nothing.
  'GET /api/two-factor': { input: () => ({}) },
  'POST /api/two-factor/setup': { input: () => ({}) },
  'POST /api/two-factor/confirm': { input: () => ({ body: { code: '000000' } }) },
  'POST /api/two-factor/disable': { input: () => ({ body: { password: 'not it' } }) },
  'POST /api/two-factor/recovery-codes': { input: () => ({ body: { password: 'not it' } }) },
  'POST /auth/login/second-factor': {
    input: () => ({ body: { challenge: 'matrix-no-such-challenge', code: '000000' } }),
  },
  'POST /api/users/reset-two-factor/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/roles/two-factor': {
    input: () => ({ body: { role_id: NO_SUCH_ID, required: true } }),
  },
  'GET /api/services/all': { input: () => ({ query: {} }) },
  // A callback on a loopback address: refused after the access check, nothing is created.
  'POST /api/services/create': {
    input: (who) => ({ body: matrixServiceBody(`matrix-${who.name}`) }),
  },
  'POST /api/services/update/:id': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: matrixServiceBody('matrix-update') }),
  },
  'POST /api/services/:id/rotate-secret': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: { overlap_hours: 1 } }),
  },
  'GET /api/subscribers/all': { input: () => ({ query: {} }) },
  'GET /api/subscribers/list': { input: () => ({ query: { service_id: NO_SUCH_ID } }) },
  'POST /api/subscribers/update/:id': {
    input: () => ({
      params: { id: NO_SUCH_ID },
      body: { name: 'matrix', notes: '', blocked: false },
    }),
  },
  'GET /api/roles/all': { input: () => ({}) },
  // Copying a role that does not exist: refused after the access check, no role is added.
  'POST /api/roles/add-role': {
    input: (who) => ({ body: { name: `matrix ${who.name}`, copy_from_role_id: NO_SUCH_ID } }),
  },
  'POST /api/roles/update-role': {
    input: () => ({ body: { id: NO_SUCH_ID, name: 'matrix role', description: '' } }),
  },
  'POST /api/roles/delete-role': { input: () => ({ body: { id: NO_SUCH_ID } }) },
  'POST /api/permissions/add-permissions': {
    input: () => ({ body: { role_id: NO_SUCH_ID, permissions: [] } }),
  },
  'GET /api/pools/all': { input: () => ({}) },
  'GET /api/pools/options': { input: () => ({}) },
  // A pool of a service that does not exist: refused after the access check, nothing is added.
  'POST /api/pools/create': {
    input: (who) => ({
      body: { name: `matrix ${who.name}`, service_ids: [NO_SUCH_ID], user_ids: [] },
    }),
  },
  'POST /api/pools/update': {
    input: () => ({ body: { id: NO_SUCH_ID, name: 'matrix pool', service_ids: [], user_ids: [] } }),
  },
  'POST /api/pools/delete': { input: () => ({ body: { id: NO_SUCH_ID } }) },
  'GET /api/aiservices/all': { input: () => ({}) },
  // The built-in provider answers at once and offline.
  'POST /api/aiservices/test': { input: () => ({ body: { provider: 'local', text: 'matrix' } }) },
  'GET /api/v2/content/content-ai-moderation/search': {
    input: () => ({ query: { agreement: 'disagree', per_page: 200 } }),
  },
  'GET /api/v2/content/export-results': { input: () => ({ query: { ai_tag: 'SAFE' } }) },
  'GET /api/ai-moderation/agreement': { input: () => ({}) },
  'GET /api/ai-content/summary': { input: () => ({}) },
  'GET /api/ai-content/items': { input: () => ({ query: { state: 'failed' } }) },
  // An item that does not exist: 404 after the access check.
  'POST /api/ai-content/items/:id/retry': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  // Nothing failed in the matrix's database: retries nothing.
  'POST /api/ai-content/retry-failed': { input: () => ({ body: {} }) },
  'GET /api/reports': { input: () => ({ query: { report: 'sla', ...MATRIX_RANGE } }) },
  'GET /api/reports/export': { input: () => ({ query: { report: 'tags', ...MATRIX_RANGE } }) },
  'GET /api/reports/options': { input: () => ({}) },
  'GET /api/reports/get-saved-reports': { input: () => ({}) },
  'POST /api/reports/saved': {
    input: (who) => ({ body: { name: `matrix ${who.name}`, filters: { report: 'sla' } } }),
  },
  // Nobody's saved report: refused after the access check (404), nothing changes.
  'POST /api/reports/saved/:id': {
    input: () => ({
      params: { id: NO_SUCH_ID },
      body: { name: 'matrix', filters: { report: 'sla' } },
    }),
  },
  'POST /api/reports/saved/:id/delete': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/charts/series': { input: () => ({ query: MATRIX_RANGE }) },
  // The tools: items, jobs and runs that do not exist answer 404 after the access check; a
  // filter of a service that does not exist matches nothing, so nothing is discarded.
  'GET /api/content-tool/items/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/content-tool/items/:id/requeue': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: { reason: 'matrix' } }),
  },
  'POST /api/content-tool/items/:id/discard': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: { reason: 'matrix' } }),
  },
  'POST /api/content-tool/items/:id/redeliver': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: {} }),
  },
  'GET /api/discard/preview': { input: () => ({ query: { service_id: NO_SUCH_ID } }) },
  'POST /api/discard/jobs': {
    input: () => ({
      body: {
        filter: { service_id: NO_SUCH_ID },
        max_content_id: 0,
        expected: 1,
        confirmation: '1',
      },
    }),
  },
  'GET /api/discard/jobs': { input: () => ({}) },
  'GET /api/discard/jobs/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/discard/jobs/:id/cancel': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'GET /api/sandbox/options': { input: () => ({}) },
  'POST /api/sandbox/runs': {
    input: () => ({ body: { service_id: NO_SUCH_ID, mode: 'operator', text: 'matrix' } }),
  },
  'GET /api/sandbox/runs': { input: () => ({}) },
  'GET /api/sandbox/runs/:id': { input: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/sandbox/runs/:id/decide': {
    input: () => ({ params: { id: NO_SUCH_ID }, body: { tags: [] } }),
  },
  'GET /api/demo/compact': { input: () => ({}) },
  'GET /api/demo/result': { input: () => ({}) },
  'POST /api/demo/submit': { input: () => ({ body: { sample_id: 101, tags: ['spam'] } }) },
  'POST /api/demo/reset': { input: () => ({}) },
  // No brand in the matrix's database: 404 after the (public) access check.
  'GET /api/trial/:brand': { input: () => ({ params: { brand: 'no-such-brand' } }) },
  'GET /api/trial/:brand/compact': { input: () => ({ params: { brand: 'no-such-brand' } }) },
  'POST /api/trial/:brand/submit': {
    input: () => ({
      params: { brand: 'no-such-brand' },
      body: { sample_id: 101, tags: ['spam'] },
    }),
  },
  'POST /api/trial/:brand/check-text': {
    input: () => ({ params: { brand: 'no-such-brand' }, body: { text: 'free money' } }),
  },
  'GET /api/trial/:brand/stats': { input: () => ({ params: { brand: 'no-such-brand' } }) },
  // Stored for anyone (until the address's sign-up limit answers 429).
  'POST /api/trial-signups': {
    input: (who) => ({
      body: { name: `Matrix ${who.name}`, email: 'matrix@example.com', consent: true },
    }),
  },
  'GET /api/trial-signups': { input: () => ({}) },
  'GET /api/trial-signups/export': { input: () => ({}) },
  'POST /api/trial-signups/delete': { input: () => ({ body: { id: NO_SUCH_ID } }) },
  'GET /api/trial-brands': { input: () => ({}) },
  'GET /api/trial-brands/options': { input: () => ({}) },
  'POST /api/trial-brands/create': {
    input: (who) => ({
      body: {
        slug: `matrix-${who.name}`,
        name: 'Matrix brand',
        primary_color: '#1d4ed8',
        accent_color: '#f59e0b',
        sample_set: 'social',
        active: false,
      },
    }),
  },
  'POST /api/trial-brands/update': {
    input: () => ({
      body: {
        id: NO_SUCH_ID,
        slug: 'matrix-update',
        name: 'Matrix brand',
        primary_color: '#1d4ed8',
        accent_color: '#f59e0b',
        sample_set: 'social',
        active: false,
      },
    }),
  },
  'POST /api/trial-brands/delete': { input: () => ({ body: { id: NO_SUCH_ID } }) },
};

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

type Verdict = 'unauthenticated' | 'forbidden' | 'allowed';

/** What the access rule says for this principal. */
function verdict(access: Access, who: Principal): Verdict {
  if (access.kind === 'public') return 'allowed';
  // A session is no credential for the service API.
  if (access.kind === 'service-token') return 'unauthenticated';
  if (!who.user) return 'unauthenticated';
  return missingPermissions(access, who.user.permissions).length > 0 ? 'forbidden' : 'allowed';
}

const REFUSALS: Record<Exclude<Verdict, 'allowed'>, { status: number; code: ErrorCode }> = {
  unauthenticated: { status: 401, code: 'unauthenticated' },
  forbidden: { status: 403, code: 'forbidden' },
};

describe('permission matrix', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const principals: Principal[] = [];
  const byName = new Map<string, Principal>();

  beforeAll(async () => {
    const { baseUrl, db } = server;
    principals.push({
      name: 'nobody',
      client: () => server.client(),
      throwawayClient: async () => server.client(),
    });
    for (const name of DEMO_ROLES) {
      const client = await server.signIn(name);
      const me = await client.callOk(authEndpoints.currentUser, {});
      const user = { id: me.data.id, username: me.data.username, permissions: me.data.permissions };
      principals.push({
        name,
        user,
        client: () => client,
        throwawayClient: async () => {
          const [session = ''] = await createSessions(db, [user.id]);
          return sessionClient(baseUrl, session);
        },
      });
    }
    for (const principal of principals) byName.set(principal.name, principal);
  });

  it('has an example for every endpoint of the contract', () => {
    expect(ALL_ENDPOINTS.map(keyOf).filter((key) => !EXAMPLES[key])).toEqual([]);
  });

  it('covers roles that differ: admin holds everything, the operator does not', () => {
    const admin = byName.get('admin');
    const operator = byName.get('operator');
    if (!admin || !operator) throw new Error('demo users missing');
    const verdicts = (who: Principal) => ALL_ENDPOINTS.map((e) => verdict(e.access, who));
    expect(verdicts(admin)).not.toContain('forbidden');
    expect(verdicts(operator)).toContain('forbidden');
    expect(verdicts(operator)).toContain('allowed');
  });

  describe.each(ALL_ENDPOINTS.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s',
    (_key, endpoint) => {
      it(`answers as its access (${endpoint.access.kind}) says, for every role and for nobody`, async () => {
        const example = EXAMPLES[keyOf(endpoint)];
        if (!example) throw new Error(`no example for ${keyOf(endpoint)}`);
        const problems: string[] = [];
        for (const who of principals) {
          const client = example.throwaway ? await who.throwawayClient() : who.client();
          const response = await client.call(endpoint, example.input(who) as never);
          const expected = verdict(endpoint.access, who);
          const seen = `${who.name}: ${response.status} ${response.text.slice(0, 160)}`;
          if (expected === 'allowed') {
            if ([401, 403].includes(response.status) || response.status >= 500) {
              problems.push(`${seen} (expected access)`);
            }
          } else {
            const { status, code } = REFUSALS[expected];
            if (response.status !== status || response.body.code !== code) {
              problems.push(`${seen} (expected ${status} ${code})`);
            }
          }
        }
        expect(problems).toEqual([]);
      });
    },
  );

  it('answers the service API with a bearer token, and refuses a wrong one', async () => {
    const { token } = await createTestService(server.db);
    const accepted = await ingest(server.baseUrl, token, [textItem(1)]);
    expect(accepted.status).toBe(202);
    const refused = await ingest(server.baseUrl, `${token}x`, [textItem(1)]);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthenticated');
    const id = accepted.body.data?.ids[0] ?? NO_SUCH_ID;
    const read = (bearer: string) =>
      serviceClient(server.baseUrl, bearer).call(
        ingestEndpoints.decision,
        { params: { id } },
        { csrf: false, requestedWith: false },
      );
    expect((await read(token)).status).toBe(200);
    expect((await read(`${token}x`)).status).toBe(401);
  });

  describe('sockets', () => {
    /** The socket of each principal per namespace it may connect to. */
    const sockets = new Map<string, SocketRecorder>();
    const socketOf = (who: Principal, namespace: NamespaceName) =>
      sockets.get(`${who.name} ${namespace}`);
    afterAll(() => {
      for (const socket of sockets.values()) socket.close();
    });

    it('every namespace refuses a connection without a session', async () => {
      for (const namespace of Object.values(NAMESPACES)) {
        const outcome = await connectSocket(server.baseUrl, namespace);
        expect(outcome.connected, namespace).toBe(false);
        expect(outcome.error?.message, namespace).toBe(NOT_SIGNED_IN);
      }
    });

    it('every namespace admits exactly the roles its access allows', async () => {
      const problems: string[] = [];
      for (const who of principals.filter((principal) => principal.user)) {
        const cookie = who.client().cookieHeader();
        for (const namespace of Object.values(NAMESPACES)) {
          const allowed = verdict(NAMESPACE_ACCESS[namespace], who) === 'allowed';
          try {
            const socket = await SocketRecorder.connect(server.baseUrl, namespace, cookie);
            sockets.set(`${who.name} ${namespace}`, socket);
            if (!allowed) problems.push(`${who.name} connected to ${namespace}`);
          } catch (error) {
            if (allowed) problems.push(`${who.name} refused by ${namespace}: ${String(error)}`);
            else expect(String(error)).toContain('You do not have the permission');
          }
        }
      }
      expect(problems).toEqual([]);
    });

    /**
     * Valid payloads per event. The probe of a namespace is an event the server always answers
     * (a refusal of a malformed payload, or the event's own answer); socket.io keeps a socket's
     * events in order and access is checked when an event arrives, so once the probe's answer is
     * in, a refusal of the event sent before it would be in too.
     */
    const EVENT_EXAMPLES: Record<string, (who: Principal) => unknown[]> = {
      'moderate-me': (who) => [{ user: { id: ownId(who) } }],
      'park-me': () => [],
      'take-break': () => [{ reason: 'self' }],
      'request-content': (who) => [{ user: { id: ownId(who) }, count: 1 }],
      'unmap-content': () => [{ content: { id: NO_SUCH_ID }, reason: 'operator_skip' }],
      'user-pending-stat': (who) => [ownId(who)],
      'dashboard-stat': () => [],
      'get-current-users': () => [],
    };
    const PROBES: Partial<
      Record<NamespaceName, { event: string; args: unknown[]; answer: string }>
    > = {
      '/online-users': { event: 'moderate-me', args: ['malformed'], answer: 'refused' },
      '/user-stats': { event: 'user-pending-stat', args: ['malformed'], answer: 'refused' },
      '/moderation-statistics': { event: 'dashboard-stat', args: [], answer: 'dashboard-stat' },
    };

    it('has an example for every client event', () => {
      expect(ALL_CLIENT_EVENTS.map((e) => e.name).filter((name) => !EVENT_EXAMPLES[name])).toEqual(
        [],
      );
    });

    const emit = (socket: SocketRecorder, name: string, args: unknown[]) =>
      (socket.socket.emit as (name: string, ...args: unknown[]) => void)(name, ...args);

    const refusalsOf = (socket: SocketRecorder, event: ClientEvent, since: number) =>
      socket.events
        .slice(since)
        .filter((e) => e.name === 'refused')
        .map((e) => e.args[0] as EventRefusal)
        .filter((refusal) => refusal.event === event.name && refusal.code === 'forbidden');

    it.each(ALL_CLIENT_EVENTS.map((event) => [event.name, event] as const))(
      '%s is refused for the roles lacking its permission, and only for them',
      async (_name, event) => {
        const problems: string[] = [];
        for (const who of principals.filter((principal) => principal.user)) {
          const socket = socketOf(who, event.namespace);
          if (!socket) continue; // the namespace itself refused the role
          const expected = verdict(event.access, who);
          const since = socket.mark();
          const args = EVENT_EXAMPLES[event.name]?.(who) ?? [];
          if (event.ack) {
            // A refused event gets no answer, or (the online users' list) `{ ok: false }` with the
            // code 'forbidden'.
            const answer = (await socket.socket
              .timeout(5_000)
              .emitWithAck(event.name as 'get-current-users', ...(args as []))
              .catch(() => null)) as { ok?: boolean; code?: string } | null;
            const refused =
              refusalsOf(socket, event, since).length > 0 ||
              answer === null ||
              (answer.ok === false && answer.code === 'forbidden');
            if (refused !== (expected === 'forbidden')) {
              problems.push(`${who.name}: answered ${JSON.stringify(answer).slice(0, 80)}`);
            }
            continue;
          }
          const probe = PROBES[event.namespace];
          if (!probe) throw new Error(`no probe for ${event.namespace}`);
          emit(socket, event.name, args);
          emit(socket, probe.event, probe.args);
          // The probe's answer, and the event's own refusal first when it shares the probe's name.
          const needed = probe.event === event.name && expected === 'forbidden' ? 2 : 1;
          const probeAnswers = () =>
            socket.events
              .slice(since)
              .filter(
                (e) =>
                  e.name === probe.answer &&
                  (probe.answer !== 'refused' || (e.args[0] as EventRefusal).event === probe.event),
              ).length;
          await waitFor(() => probeAnswers() >= needed, `the answer to ${probe.event}`);
          const refused = refusalsOf(socket, event, since).length > 0;
          if (refused !== (expected === 'forbidden')) {
            problems.push(`${who.name}: ${refused ? 'refused' : 'not refused'}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );

    it.each(CHANNELS.map((channel) => [channel] as const))(
      'request-content with channel %s is refused for the roles lacking that channel, and only for them',
      async (channel) => {
        const event = clientEvents.requestContent;
        const access = needsAll('section_moderation', CHANNEL_PERMISSIONS[channel]);
        const probe = PROBES[event.namespace];
        if (!probe) throw new Error(`no probe for ${event.namespace}`);
        const problems: string[] = [];
        for (const who of principals.filter((principal) => principal.user)) {
          const socket = socketOf(who, event.namespace);
          if (!socket) continue;
          const since = socket.mark();
          emit(socket, event.name, [{ user: { id: ownId(who) }, count: 1, channel }]);
          emit(socket, probe.event, probe.args);
          await waitFor(
            () =>
              socket.events
                .slice(since)
                .some(
                  (e) => e.name === 'refused' && (e.args[0] as EventRefusal).event === probe.event,
                ),
            `the answer to ${probe.event}`,
          );
          const refused = refusalsOf(socket, event, since).length > 0;
          if (refused !== (verdict(access, who) === 'forbidden')) {
            problems.push(`${who.name}: ${refused ? 'refused' : 'not refused'}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );
  });
});
