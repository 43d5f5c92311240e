import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import { healthEndpoints } from '../../src/contract/health';
import { moderationEndpoints } from '../../src/contract/content';
import { NAMESPACES } from '../../src/contract/socket-events';
import type { Config } from '../config';
import { registerEndpoint } from '../http/endpoint';
import { HttpError, installErrorHandler } from '../http/errors';
import type { DomainLifecycle, ServerContext } from '../server-context';
import { QUEUE_SERIES_LIMIT, type AppMetrics } from './metrics';
import { readQueueDepth } from './queue-depth-repository';
import { notReadyMessage, type Readiness } from './readiness';

export interface ObservabilityModule extends DomainLifecycle {
  /** METRICS=port: the address the metrics server listens on, once the app is built. */
  metricsAddress(): { host: string; port: number } | undefined;
}

/**
 * GET /readyz and GET /metrics, and what the metrics read at scrape time (sockets per namespace,
 * queue depth per service). Counters are fed by the domains through `context.metrics`.
 *
 * Who may read /metrics is METRICS (config.ts): `off` answers 404; `token` wants
 * `Authorization: Bearer <METRICS_TOKEN>` and answers 401 otherwise; `port` answers 404 on the
 * main port and serves /metrics, and nothing else, on METRICS_HOST:METRICS_PORT, for a scraper
 * on a private network or the same host. The figures name services and show load, which is
 * why they are never open on the port users reach.
 */
export function registerObservability(
  context: ServerContext,
  deps: { readiness: Readiness; io: Server },
): ObservabilityModule {
  const { http, db, config, metrics, log } = context;
  const { readiness } = deps;

  metrics.watchSockets(
    () => new Map(Object.values(NAMESPACES).map((name) => [name, deps.io.of(name).sockets.size])),
  );
  metrics.watchQueue(() => readQueueDepth(db.deferred, QUEUE_SERIES_LIMIT), log);
  observeSubmitDuration(http, metrics);

  registerEndpoint(http, healthEndpoints.readiness, async ({ reply }) => {
    const { ready, checks } = await readiness.check();
    reply.header('cache-control', 'no-store');
    if (ready) return { ok: true, status: 'ready', checks };
    reply.code(503);
    return {
      ok: false,
      code: 'unavailable',
      message: notReadyMessage(checks),
      status: 'not_ready',
      checks,
    };
  });

  registerEndpoint(http, healthEndpoints.metrics, async ({ request, reply }) => {
    if (config.metrics.mode !== 'token') {
      throw new HttpError(404, `No such endpoint: GET ${healthEndpoints.metrics.path}`);
    }
    checkBearer(request, config.metrics.token);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.exposition());
  });

  let portServer: FastifyInstance | undefined;
  let portAddress: { host: string; port: number } | undefined;
  return {
    metricsAddress: () => portAddress,
    async start() {
      if (config.metrics.mode !== 'port' || portServer) return;
      portServer = await metricsPortServer(context, config.metrics);
      // Fastify logs where it listens ("server": "metrics").
      const address = portServer.server.address();
      if (address && typeof address === 'object') {
        portAddress = { host: address.address, port: address.port };
      }
    },
    async close() {
      await portServer?.close();
    },
  };
}

/** The submit endpoint's time to answer, taken as Fastify measures it (onResponse). */
function observeSubmitDuration(http: FastifyInstance, metrics: AppMetrics): void {
  const submit = moderationEndpoints.submitContents;
  http.addHook('onResponse', (request, reply, done) => {
    if (request.method === submit.method && request.routeOptions.url === submit.path) {
      metrics.submitAnswered(reply.elapsedTime / 1000);
    }
    done();
  });
}

/** 401 unless the request carries the bearer token; compared in constant time. */
function checkBearer(request: FastifyRequest, token: string): void {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(token))) {
    throw new HttpError(
      401,
      match ? 'The metrics token is wrong.' : 'Metrics need Authorization: Bearer <METRICS_TOKEN>.',
    );
  }
}

/** A server of its own for METRICS=port: /metrics only, no sessions, no pages. */
async function metricsPortServer(
  context: ServerContext,
  settings: Extract<Config['metrics'], { mode: 'port' }>,
): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: context.log.child({ server: 'metrics' }) });
  installErrorHandler(server);
  registerEndpoint(server, healthEndpoints.metrics, async ({ reply }) =>
    reply
      .header('cache-control', 'no-store')
      .type(context.metrics.contentType)
      .send(await context.metrics.exposition()),
  );
  await server.listen({ port: settings.port, host: settings.host });
  return server;
}
