import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../../../src/contract/permissions';
import {
  CreateServiceTokenResponseSchema,
  ServiceOptionsResponseSchema,
  ServiceTokenListResponseSchema,
} from '../../../../src/contract/service-tokens';
import {
  allPermissionsExcept,
  createCallbackService,
  createUserWithPermissions,
} from '../../../support/delivery-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

const INGEST_ITEM = {
  subscriber_id: 'sub-9',
  user_id: 'user-9',
  username: 'nine',
  message_type: 'text',
  content: 'hello from a token test',
};

function rawTokenOf(data: { raw_token?: string | undefined }): string {
  if (!data.raw_token) throw new Error('the create answer carries no raw token');
  return data.raw_token;
}

describe('service API tokens', () => {
  const server = useTestServer();
  let admin: TestClient;
  let serviceId: number;
  let serviceName: string;

  beforeAll(async () => {
    admin = await server.signIn('admin');
    const service = await createCallbackService(server.db);
    serviceId = service.id;
    serviceName = service.name;
  });

  const ingest = (token: string) =>
    server
      .client({ authorization: `Bearer ${token}` })
      .post('/api/v1/contents', INGEST_ITEM, { csrf: false, requestedWith: false });

  it('creates a token that works at once, lists it masked, and refuses it at once once revoked', async () => {
    const created = await admin.post('/api/service-tokens/create', { service_id: serviceId });
    expect(created.status).toBe(200);
    const { data } = CreateServiceTokenResponseSchema.parse(created.body);
    const rawToken = rawTokenOf(data);
    expect(data.token).toBe(`${rawToken.slice(0, 4)}${'*'.repeat(12)}${rawToken.slice(-1)}`);

    const stored = await server.db.query<{ token_hash: string }>(
      'select token_hash from service_api_tokens where id = $1',
      [data.id],
    );
    expect(stored[0]?.token_hash).not.toContain(rawToken);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const accepted = await ingest(rawToken);
    expect(accepted.status).toBe(202);

    const list = await admin.get(
      `/api/service-tokens/?page=1&per_page=10&service_name=${encodeURIComponent(serviceName)}`,
    );
    expect(list.status).toBe(200);
    const parsed = ServiceTokenListResponseSchema.parse(list.body);
    expect(parsed.total).toBe(1);
    expect(parsed.data[0]).toMatchObject({
      id: data.id,
      service_name: serviceName,
      token: data.token,
      expires_at: null,
      revoked_at: null,
    });
    expect(list.text).not.toContain(rawToken);

    const revoked = await admin.post(`/api/service-tokens/revoke/${data.id}`);
    expect(revoked.status).toBe(200);
    const refused = await ingest(rawToken);
    expect(refused.status).toBe(401);
    expect(refused.text).toMatch(/revoked/);

    const again = await admin.post(`/api/service-tokens/revoke/${data.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, message: 'This API token is already revoked.' });
    expect((await admin.post('/api/service-tokens/revoke/999999')).status).toBe(404);
    expect((await admin.post('/api/service-tokens/revoke/abc')).status).toBe(422);
  });

  it('needs a known service to create a token', async () => {
    for (const body of [{}, { service_id: null }, { service_id: 'x' }, { service_id: 987_654 }]) {
      const response = await admin.post('/api/service-tokens/create', body);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        ok: false,
        message: 'Service is required',
        fields: { service_id: expect.stringContaining('Service is required') },
      });
    }
  });

  it('validates the list query and pages newest first', async () => {
    for (let index = 0; index < 12; index += 1) {
      await admin.post('/api/service-tokens/create', { service_id: serviceId });
    }
    const first = ServiceTokenListResponseSchema.parse(
      (
        await admin.get(
          `/api/service-tokens/?per_page=10&service_name=${encodeURIComponent(serviceName)}`,
        )
      ).body,
    );
    const second = ServiceTokenListResponseSchema.parse(
      (
        await admin.get(
          `/api/service-tokens/?page=2&per_page=10&service_name=${encodeURIComponent(serviceName)}`,
        )
      ).body,
    );
    expect(first.total).toBe(13);
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(3);
    const ids = [...first.data, ...second.data].map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bad = await admin.get('/api/service-tokens/?per_page=50');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ fields: { per_page: 'per_page must be 10 or 25' } });
    expect((await admin.get('/api/service-tokens/?page=0')).status).toBe(422);
  });

  it('answers the service options as a bare array', async () => {
    const response = await admin.get('/api/v2/services/fetch');
    expect(response.status).toBe(200);
    const options = ServiceOptionsResponseSchema.parse(response.body);
    expect(options).toContainEqual({ id: serviceId, name: serviceName });
  });

  describe('permissions', () => {
    const signInWithout = async (missing: Permission) =>
      createUserWithPermissions(server.db, server.baseUrl, allPermissionsExcept(missing));

    it('403 to list without section_service_tokens', async () => {
      const { client } = await signInWithout('section_service_tokens');
      const response = await client.get('/api/service-tokens/');
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ ok: false });
    });

    it('403 to create without can_create_api_token', async () => {
      const { client, id } = await signInWithout('can_create_api_token');
      const response = await client.post('/api/service-tokens/create', { service_id: serviceId });
      expect(response.status).toBe(403);
      const count = await server.db.query<{ count: number }>(
        'select count(*)::int as count from service_api_tokens where created_by = $1',
        [id],
      );
      expect(count[0]?.count).toBe(0);
    });

    it('403 to revoke without can_revoke_api_token, and the token stays active', async () => {
      const created = CreateServiceTokenResponseSchema.parse(
        (await admin.post('/api/service-tokens/create', { service_id: serviceId })).body,
      );
      const { client } = await signInWithout('can_revoke_api_token');
      const response = await client.post(`/api/service-tokens/revoke/${created.data.id}`);
      expect(response.status).toBe(403);
      expect((await ingest(rawTokenOf(created.data))).status).toBe(202);
    });

    it('answers the raw token only to a user who may reveal or copy it', async () => {
      const create = async (missing: Permission[]) => {
        const { client } = await createUserWithPermissions(
          server.db,
          server.baseUrl,
          allPermissionsExcept(...missing),
        );
        const response = await client.post('/api/service-tokens/create', {
          service_id: serviceId,
        });
        expect(response.status).toBe(200);
        return CreateServiceTokenResponseSchema.parse(response.body).data;
      };
      const neither = await create(['can_view_api_token', 'can_copy_api_token']);
      expect(neither.raw_token).toBeUndefined();
      expect(neither.token).toMatch(/^.{4}\*{12}.$/);
      expect((await create(['can_view_api_token'])).raw_token).toMatch(/.{20,}/);
      expect((await create(['can_copy_api_token'])).raw_token).toMatch(/.{20,}/);
    });

    it('401 without a session', async () => {
      expect((await server.client().get('/api/service-tokens/')).status).toBe(401);
      expect((await server.client().get('/api/v2/services/fetch')).status).toBe(401);
    });
  });
});
