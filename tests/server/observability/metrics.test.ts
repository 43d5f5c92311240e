/**
 * GET /metrics: Prometheus text a real scraper accepts, with the families the figures need, and
 * counters that move when an operator works. Who may scrape follows METRICS: `token` wants the
 * bearer token (401 without or with a wrong one), `off` answers 404, `port` serves it on its own
 * port and not on the main one. Several servers in one process keep their own figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints } from '../../../src/contract/health';
import { NAMESPACES } from '../../../src/contract/socket-events';
import {
  fastDeliverySettings,
  json,
  startLocalServer,
  type LocalHttpServer,
} from '../../support/delivery-fixtures';
import { createOperator, createTestService } from '../../support/moderation-fixtures';
import {
  claimItems,
  ingestTexts,
  moderatedResult,
  submitResults,
  waitFor,
} from '../../support/protocol';
import { parsePrometheusText, sampleValue, type MetricFamily } from '../../support/prometheus-text';
import { TestClient } from '../../support/test-client';
import { startTestServer, useTestServer } from '../../support/test-server';

const TOKEN = 'metrics-test-token-0123456789';

/** A scrape with this bearer token (the right one unless told), or none with `null`. */
async function scrape(baseUrl: string, token: string | null = TOKEN) {
  const response = await fetch(new URL(healthEndpoints.metrics.path, baseUrl), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, text: await response.text() };
}

async function families(baseUrl: string): Promise<Map<string, MetricFamily>> {
  const { response, text } = await scrape(baseUrl);
  expect(response.status, text.slice(0, 200)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(text);
}

describe('GET /metrics with METRICS=token', () => {
  const server = useTestServer({ env: { METRICS: 'token', METRICS_TOKEN: TOKEN } });
  let receiver: LocalHttpServer;

  beforeAll(async () => {
    await fastDeliverySettings(server.db);
    receiver = await startLocalServer((_request, _index, response) => json(response, 204, {}));
  });
  afterAll(() => receiver.close());

  it('answers 401 in the JSON envelope without the token or with a wrong one', async () => {
    for (const token of [null, `${TOKEN}x`, 'short']) {
      const { response, text } = await scrape(server.baseUrl, token);
      expect(response.status, String(token)).toBe(401);
      expect(JSON.parse(text)).toMatchObject({ ok: false, code: 'unauthenticated' });
    }
    for (const authorization of [
      'Bearer',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${'x'.repeat(8_000)}`,
    ]) {
      const response = await fetch(new URL(healthEndpoints.metrics.path, server.baseUrl), {
        headers: { authorization },
      });
      expect(response.status, authorization.slice(0, 40)).toBe(401);
    }
    // The scheme is case-insensitive, as HTTP says.
    const lower = await fetch(new URL(healthEndpoints.metrics.path, server.baseUrl), {
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(lower.status).toBe(200);
    // A session is no credential for the scrape.
    const admin = await server.signIn('admin');
    expect((await admin.get(healthEndpoints.metrics.path)).status).toBe(401);
  });

  it('is Prometheus text with the families the figures need', async () => {
    const scraped = await families(server.baseUrl);
    const types = Object.fromEntries([...scraped.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      socketio_connected_sockets: 'gauge',
      moderation_queue_depth: 'gauge',
      moderation_items_claimed_total: 'counter',
      moderation_items_decided_total: 'counter',
      moderation_submit_duration_seconds: 'histogram',
      moderation_submit_group_size: 'histogram',
      delivery_attempts_total: 'counter',
      ai_call_duration_seconds: 'histogram',
      rollup_journal_folded_total: 'counter',
    });
    for (const namespace of Object.values(NAMESPACES)) {
      expect(sampleValue(scraped, 'socketio_connected_sockets', { namespace })).toBe(0);
    }
    for (const outcome of ['delivered', 'retrying', 'gave_up', 'disabled']) {
      expect(sampleValue(scraped, 'delivery_attempts_total', { outcome })).toBe(0);
    }
  });

  it('counts what an operator does: queue, sockets, claims, decisions, submit time, deliveries, AI', async () => {
    const { service, token } = await createTestService(server.db, { callbackUrl: receiver.url });
    const before = await families(server.baseUrl);
    const counter = (scraped: Map<string, MetricFamily>, name: string, labels = {}) =>
      sampleValue(scraped, name, labels) ?? 0;

    await ingestTexts(server.baseUrl, token, 3);
    const queued = await families(server.baseUrl);
    expect(
      sampleValue(queued, 'moderation_queue_depth', { service: service.code, state: 'pending' }),
    ).toBe(3);
    // The built-in AI provider answered each item at ingest.
    expect(
      counter(queued, 'ai_call_duration_seconds_count', { provider: 'local', outcome: 'ok' }) -
        counter(before, 'ai_call_duration_seconds_count', { provider: 'local', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(3);

    const operator = await createOperator(server.db, server.baseUrl);
    const { socket, ids } = await claimItems(server.baseUrl, operator, 2);
    try {
      const claimed = await families(server.baseUrl);
      expect(
        sampleValue(claimed, 'socketio_connected_sockets', { namespace: NAMESPACES.onlineUsers }),
      ).toBe(1);
      expect(
        sampleValue(claimed, 'moderation_queue_depth', {
          service: service.code,
          state: 'assigned',
        }),
      ).toBe(2);
      expect(
        counter(claimed, 'moderation_items_claimed_total') -
          counter(before, 'moderation_items_claimed_total'),
      ).toBe(2);

      const answer = await submitResults(
        operator.client,
        ids.map((id) => moderatedResult(operator, id, { total_contents: ids.length })),
      );
      expect(answer.status).toBe(200);
      // A repeat of the same results decides nothing more.
      await submitResults(
        operator.client,
        ids.map((id) => moderatedResult(operator, id, { total_contents: ids.length })),
      );
    } finally {
      socket.close();
    }

    const after = await families(server.baseUrl);
    expect(
      counter(after, 'moderation_items_decided_total') -
        counter(before, 'moderation_items_decided_total'),
    ).toBe(2);
    expect(
      counter(after, 'moderation_submit_duration_seconds_count') -
        counter(before, 'moderation_submit_duration_seconds_count'),
    ).toBe(2);
    expect(counter(after, 'moderation_submit_duration_seconds_sum')).toBeGreaterThan(0);
    // One after the other, each submit was its transaction's only one.
    expect(
      counter(after, 'moderation_submit_group_size_count') -
        counter(before, 'moderation_submit_group_size_count'),
    ).toBe(2);
    expect(
      counter(after, 'moderation_submit_group_size_sum') -
        counter(before, 'moderation_submit_group_size_sum'),
    ).toBe(2);
    expect(
      sampleValue(after, 'moderation_queue_depth', { service: service.code, state: 'assigned' }),
    ).toBeUndefined();
    await waitFor(async () => {
      const delivered = await families(server.baseUrl);
      return counter(delivered, 'delivery_attempts_total', { outcome: 'delivered' }) >= 2;
    }, 'two deliveries counted');
    // The folder took in 3 arrivals and 2 decisions (and any agreement rows).
    await waitFor(async () => {
      const folded = await families(server.baseUrl);
      return (
        counter(folded, 'rollup_journal_folded_total') -
          counter(before, 'rollup_journal_folded_total') >=
        5
      );
    }, 'the folded journal rows counted');
    await waitFor(async () => {
      const closed = await families(server.baseUrl);
      return (
        sampleValue(closed, 'socketio_connected_sockets', {
          namespace: NAMESPACES.onlineUsers,
        }) === 0
      );
    }, 'the closed socket uncounted');
  });

  it('keeps the figures of each server apart when several run in one process', async () => {
    const second = await startTestServer(server.db, { METRICS: 'token', METRICS_TOKEN: TOKEN });
    try {
      const first = await families(server.baseUrl);
      const fresh = await families(second.baseUrl);
      expect(sampleValue(first, 'moderation_items_decided_total')).toBeGreaterThan(0);
      expect(sampleValue(fresh, 'moderation_items_decided_total')).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('is answered in maintenance, as the probes are', async () => {
    const second = await startTestServer(server.db, {
      METRICS: 'token',
      METRICS_TOKEN: TOKEN,
      MAINTENANCE: '1',
    });
    try {
      expect((await scrape(second.baseUrl)).response.status).toBe(200);
      expect((await second.client().get(healthEndpoints.readiness.path)).status).toBe(200);
      expect((await second.client().get('/api/auth')).status).toBe(503);
    } finally {
      await second.close();
    }
  });
});

describe('GET /metrics with METRICS=off and METRICS=port', () => {
  const server = useTestServer();

  it('answers 404 by default (off), token or not', async () => {
    for (const token of [null, TOKEN]) {
      const { response, text } = await scrape(server.baseUrl, token);
      expect(response.status).toBe(404);
      expect(JSON.parse(text)).toMatchObject({ ok: false, code: 'not_found' });
    }
  });

  it('serves /metrics on its own port only, and not on the main one', async () => {
    const second = await startTestServer(server.db, { METRICS: 'port', METRICS_PORT: '0' });
    try {
      const address = second.app.observability.metricsAddress();
      if (!address) throw new Error('no metrics address');
      expect(address.host).toBe('127.0.0.1');
      expect(address.port).not.toBe(new URL(second.baseUrl).port);
      const metricsUrl = `http://127.0.0.1:${address.port}`;
      const scraped = await families(metricsUrl);
      expect(scraped.has('moderation_items_decided_total')).toBe(true);
      // No token needed there, and nothing else is served there.
      expect((await scrape(metricsUrl, null)).response.status).toBe(200);
      const other = await new TestClient(metricsUrl).get('/api/auth');
      expect(other.status).toBe(404);
      expect((await new TestClient(metricsUrl).get('/healthz')).status).toBe(404);
      // The main port has no metrics.
      expect((await scrape(second.baseUrl)).response.status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
