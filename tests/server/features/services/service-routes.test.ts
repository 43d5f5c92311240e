import { beforeAll, describe, expect, it } from 'vitest';
import {
  SERVICE_TEXTS,
  serviceEndpoints,
  type ServiceFormInput,
} from '../../../../src/contract/services';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import { verifyWebhook, signWebhook } from '../../../../server/features/delivery/webhook-signature';
import { auditRows, sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import { ingest, textItem } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';
import { issueServiceToken } from '../../../../server/features/services/service-token-repository';

let counter = 0;
function serviceBody(overrides: Partial<ServiceFormInput> = {}): ServiceFormInput {
  counter += 1;
  return {
    code: `svc-${Date.now() % 100_000}-${counter}`,
    name: `Service ${counter}`,
    active: true,
    priority: 0,
    tags: [
      { name: 'spam', label: 'Spam' },
      { name: 'hate_speech', label: 'Hate speech' },
    ],
    submit_without_tags: false,
    enable_dynamic_tags: true,
    ai_provider: 'default',
    ai_word_lists: { spam: ['free money'] },
    callback_url: '',
    ...overrides,
  };
}

async function storedSecrets(
  db: { query: <T>(sql: string, params?: unknown[]) => Promise<T[]> },
  id: number,
) {
  const [row] = await db.query<{
    webhook_secret: string;
    webhook_secret_previous: string | null;
    webhook_secret_previous_expires_at: Date | null;
  }>(
    `select webhook_secret, webhook_secret_previous, webhook_secret_previous_expires_at
       from services where id = $1`,
    [id],
  );
  if (!row) throw new Error(`no service ${id}`);
  return row;
}

describe('/services', () => {
  const server = useTestServer();
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });

  const create = (body: ServiceFormInput) => admin.client.call(serviceEndpoints.create, { body });
  const update = (id: number, body: ServiceFormInput) =>
    admin.client.call(serviceEndpoints.update, { params: { id }, body });

  it('creates a service, answers its secret once in Standard Webhooks form, and audits it', async () => {
    const body = serviceBody({ callback_url: 'http://93.184.215.14/results', priority: 250 });
    const answer = await create(body);
    expect(answer.status).toBe(200);
    const { service, secret } = answer.body.data;
    expect(service).toMatchObject({
      code: body.code,
      priority: 250,
      active: true,
      tags: [
        { name: 'spam', label: 'Spam' },
        { name: 'hate_speech', label: 'Hate speech' },
      ],
      callback_url: 'http://93.184.215.14/results',
      ai_provider: 'default',
      code_locked: false,
      previous_secret_expires_at: null,
    });
    expect(secret.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const stored = await storedSecrets(server.db, service.id);
    expect(stored.webhook_secret).toBe(secret.secret);
    // The receiver verifies with the shown secret what the server signs with the stored one.
    const signature = signWebhook(stored.webhook_secret, 'msg_1', 1_700_000_000, '{}');
    expect(
      verifyWebhook(secret.secret, { id: 'msg_1', timestamp: '1700000000', signature }, '{}', {
        now: 1_700_000_000_000,
      }),
    ).toBe(true);

    // No list answer carries it, nor anything shaped like a secret.
    const list = await admin.client.call(serviceEndpoints.list, {
      query: { search: body.code },
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(secret.secret);
    expect(list.text).not.toContain('whsec_');

    const [audit] = (await auditRows(server.db, 'service.create')).slice(-1);
    expect(audit).toMatchObject({ actor_username: 'admin', target_id: String(service.id) });
    expect(JSON.stringify(audit?.details)).not.toContain('whsec_');
  });

  it('refuses bad input with 422 naming each field', async () => {
    const answer = await create(
      serviceBody({
        code: 'has space',
        name: '',
        priority: 1001,
        ai_provider: 'remote' as 'default',
        callback_url: 'ftp://example.com/x',
      }),
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.fields ?? {}).sort()).toEqual(
      ['ai_provider', 'callback_url', 'code', 'name', 'priority'].sort(),
    );
    expect(answer.body.fields?.priority).toBe('Priority is at most 1000');
    expect(answer.body.fields?.callback_url).toMatch(/must be an http\(s\) URL/);

    // Rules across fields, once each field is fine on its own.
    const across = await create(
      serviceBody({
        tags: [
          { name: 'spam', label: '' },
          { name: 'SPAM', label: '' },
        ],
        ai_word_lists: { nothing: ['x'] },
      }),
    );
    expect(across.status).toBe(422);
    expect(across.body.fields).toEqual({
      'tags.1.name': 'The tag SPAM is listed twice',
      ai_word_lists: 'The word list nothing names no tag option of this service',
    });
  });

  it('refuses a callback URL that does not resolve, or resolves to a private address', async () => {
    const unresolved = await create(serviceBody({ callback_url: 'https://nowhere.invalid/cb' }));
    expect(unresolved.status).toBe(422);
    expect(unresolved.body.fields?.callback_url).toMatch(/does not resolve/);

    const loopback = await create(serviceBody({ callback_url: 'http://127.0.0.1:9/cb' }));
    expect(loopback.status).toBe(422);
    expect(loopback.body.fields?.callback_url).toMatch(
      /loopback, private or link-local address \(127\.0\.0\.1\).*delivery_allow_private_urls/,
    );
    const privateAddress = await create(serviceBody({ callback_url: 'http://10.1.2.3/cb' }));
    expect(privateAddress.body.fields?.callback_url).toMatch(/private or link-local/);

    // The setting the delivery worker reads allows them.
    await putSetting(server.db, 'delivery_allow_private_urls', true);
    await server.app.settings.refresh();
    try {
      const allowed = await create(serviceBody({ callback_url: 'http://127.0.0.1:9/cb' }));
      expect(allowed.status).toBe(200);
    } finally {
      await putSetting(server.db, 'delivery_allow_private_urls', false);
      await server.app.settings.refresh();
    }
  });

  it('refuses a duplicate code regardless of case', async () => {
    const first = serviceBody();
    expect((await create(first)).status).toBe(200);
    const again = await create(serviceBody({ code: first.code.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.fields?.code).toBe(SERVICE_TEXTS.duplicateCode);
  });

  it('refuses a name another service has, regardless of case, and keeps older look-alikes editable', async () => {
    const first = serviceBody();
    expect((await create(first)).status).toBe(200);
    const again = await create(serviceBody({ name: first.name.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.fields?.name).toBe(SERVICE_TEXTS.duplicateName);

    const otherBody = serviceBody();
    const { service: other } = (await create(otherBody)).body.data;
    const renamed = await update(other.id, { ...otherBody, name: ` ${first.name.toLowerCase()}` });
    expect(renamed.status).toBe(409);
    expect(renamed.body.fields?.name).toBe(SERVICE_TEXTS.duplicateName);
    // Only its own name: a change of case is no clash.
    const recased = await update(other.id, { ...otherBody, name: otherBody.name.toUpperCase() });
    expect(recased.status).toBe(200);

    // Two services named alike from before the rule: each still saves under its name.
    await server.db.query('update services set name = $1 where id = $2', [first.name, other.id]);
    const kept = await update(other.id, { ...otherBody, name: first.name, priority: 3 });
    expect(kept.status).toBe(200);
    expect(kept.body.data.priority).toBe(3);
  });

  it('edits a service, audits the changes, and keeps the code once a token or an item uses it', async () => {
    const body = serviceBody();
    const { service } = (await create(body)).body.data;
    const renamed = { ...body, code: `${body.code}-b`, name: 'Renamed' };
    const first = await update(service.id, {
      ...renamed,
      priority: -5,
      tags: [
        { name: 'hate_speech', label: 'Hate' },
        { name: 'spam', label: 'Spam' },
        { name: 'nudity', label: '' },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      code: renamed.code,
      name: 'Renamed',
      priority: -5,
      tags: [
        { name: 'hate_speech', label: 'Hate' },
        { name: 'spam', label: 'Spam' },
        { name: 'nudity', label: '' },
      ],
    });
    const [audit] = (await auditRows(server.db, 'service.update')).slice(-1);
    expect(audit?.details).toMatchObject({
      code: renamed.code,
      changes: { code: [body.code, renamed.code], name: [body.name, 'Renamed'], priority: [0, -5] },
    });

    await issueServiceToken(server.db, { serviceId: service.id });
    const locked = await update(service.id, { ...renamed, code: `${renamed.code}-c` });
    expect(locked.status).toBe(409);
    expect(locked.body.fields?.code).toBe(SERVICE_TEXTS.codeLocked);
    // Everything else still changes.
    const other = await update(service.id, { ...renamed, name: 'Still editable' });
    expect(other.status).toBe(200);
    expect(other.body.data.code_locked).toBe(true);

    const missing = await update(2_000_000_000, renamed);
    expect(missing.status).toBe(404);
  });

  it('rotates the secret: the new one is answered once, the old one kept until the overlap ends', async () => {
    const { service, secret: first } = (await create(serviceBody())).body.data;
    const before = Date.now();
    const rotated = await admin.client.call(serviceEndpoints.rotateSecret, {
      params: { id: service.id },
      body: { overlap_hours: 48 },
    });
    expect(rotated.status).toBe(200);
    const { secret, service: row } = rotated.body.data;
    expect(secret.secret).toMatch(/^whsec_/);
    expect(secret.secret).not.toBe(first.secret);
    const stored = await storedSecrets(server.db, service.id);
    expect(stored.webhook_secret).toBe(secret.secret);
    expect(stored.webhook_secret_previous).toBe(first.secret);
    const expires = new Date(stored.webhook_secret_previous_expires_at ?? 0).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000 + 1_000);
    expect(row.previous_secret_expires_at).toBe(new Date(expires).toISOString());
    expect(secret.previous_expires_at).toBe(new Date(expires).toISOString());

    const [audit] = (await auditRows(server.db, 'service.rotate_secret')).slice(-1);
    expect(audit?.details).toMatchObject({ overlap_hours: 48 });
    expect(JSON.stringify(audit?.details)).not.toContain('whsec_');

    const list = await admin.client.call(serviceEndpoints.list, { query: {} });
    expect(list.text).not.toContain('whsec_');

    // Without overlap the old secret stops at once; the default overlap is a day.
    await admin.client.call(serviceEndpoints.rotateSecret, {
      params: { id: service.id },
      body: { overlap_hours: 0 },
    });
    expect((await storedSecrets(server.db, service.id)).webhook_secret_previous).toBeNull();
    await admin.client.call(serviceEndpoints.rotateSecret, {
      params: { id: service.id },
      body: {},
    });
    const byDefault = await storedSecrets(server.db, service.id);
    expect(new Date(byDefault.webhook_secret_previous_expires_at ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3_600_000,
    );

    const tooLong = await admin.client.call(serviceEndpoints.rotateSecret, {
      params: { id: service.id },
      body: { overlap_hours: 169 },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.fields?.overlap_hours).toMatch(/7 days/);
  });

  it('lists with search, the active filter and sorting by priority', async () => {
    const tag = `list${Date.now() % 100_000}`;
    await create(serviceBody({ code: `${tag}-a`, priority: 10 }));
    await create(serviceBody({ code: `${tag}-b`, priority: 900, active: false }));
    const byPriority = await admin.client.call(serviceEndpoints.list, {
      query: { search: tag, sort: 'priority', order: 'desc' },
    });
    expect(byPriority.body.data.map((row) => row.code)).toEqual([`${tag}-b`, `${tag}-a`]);
    expect(byPriority.body.total).toBe(2);
    const inactive = await admin.client.call(serviceEndpoints.list, {
      query: { search: tag, active: 'false' },
    });
    expect(inactive.body.data.map((row) => row.code)).toEqual([`${tag}-b`]);
  });

  it("refuses an inactive service's items with 403 and records a failed content request", async () => {
    const body = serviceBody();
    const { service } = (await create(body)).body.data;
    const { token } = await issueServiceToken(server.db, { serviceId: service.id });
    expect((await ingest(server.baseUrl, token, [textItem(1)])).status).toBe(202);
    expect((await update(service.id, { ...body, active: false })).status).toBe(200);
    const refused = await ingest(server.baseUrl, token, [textItem(2)]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SERVICE_TEXTS.inactive(body.code));
    const failed = await server.db.query<{ type: string; response: string }>(
      'select type, response from failed_content_requests where service_code = $1',
      [body.code],
    );
    expect(failed).toEqual([
      { type: 'service_inactive', response: expect.stringContaining('is inactive') as string },
    ]);
    expect((await update(service.id, { ...body, active: true })).status).toBe(200);
    expect((await ingest(server.baseUrl, token, [textItem(3)])).status).toBe(202);
  });

  it('needs section_services', async () => {
    const operator = await sessionFor(server.db, server.baseUrl, 'operator');
    const list = await operator.client.call(serviceEndpoints.list, { query: {} });
    expect(list.status).toBe(403);
    const created = await operator.client.call(serviceEndpoints.create, { body: serviceBody() });
    expect(created.status).toBe(403);
  });
});
