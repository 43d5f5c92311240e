import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { healthEndpoints } from '../src/contract/health';
import { assertServable, trustProxyOption, type Config } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { registerAi, type AiModule } from './features/ai/ai-module';
import { registerApiDocs } from './features/api-docs/api-docs-module';
import { registerAuditLog } from './features/audit/audit-log-routes';
import { registerAuth } from './features/auth/auth-module';
import { registerChannels } from './features/channels/channel-routes';
import { registerContentSender } from './features/content-sender/content-sender-routes';
import { registerContentTool } from './features/content-tool/content-tool-routes';
import { registerDashboard, type DashboardModule } from './features/dashboard/dashboard-module';
import { registerDelivery, type DeliveryModule } from './features/delivery/delivery-module';
import { registerDemo, type DemoMode } from './features/demo/demo-module';
import { registerDiscard } from './features/discard/discard-module';
import { startDemoReceiver } from './features/delivery/demo-receiver';
import { registerHistory } from './features/history/history-routes';
import { registerIngest } from './features/ingest/ingest-module';
import { createMailer } from './features/mail/mailer';
import { registerLoginHistory } from './features/login-history/login-history-routes';
import { mediaRoutes } from './features/media/media-routes';
import { fileMediaStore } from './features/media/media-store';
import { QueueSignal } from './features/moderation/queue-signal';
import { registerModeration, type ModerationModule } from './features/moderation/moderation-module';
import { registerOnlineUsers } from './features/online-users/online-users-module';
import type { SessionPolicy } from './features/auth/session-repository';
import { SettingsRegistry } from './features/settings/settings-registry';
import { registerSettings } from './features/settings/settings-module';
import { registerPools } from './features/pools/pools-module';
import { registerReports, type ReportsModule } from './features/reports/reports-module';
import { registerSandbox } from './features/sandbox/sandbox-module';
import { registerServiceTokens } from './features/service-tokens/service-tokens-module';
import { registerServices } from './features/services/services-module';
import { registerStatistics } from './features/statistics/statistics-module';
import { setPasswordHashCost } from './features/auth/password-hasher';
import { registerSubscribers } from './features/subscribers/subscribers-module';
import { registerTrials } from './features/trials/trials-module';
import { registerTwoFactor } from './features/two-factor/two-factor-module';
import { syncRolesAndPermissions } from './features/users/role-repository';
import { registerUsers } from './features/users/users-module';
import {
  createWellbeingProtection,
  registerWellbeing,
} from './features/wellbeing/wellbeing-module';
import { registerCsrf } from './http/csrf';
import { registerEndpoint } from './http/endpoint';
import { frameworkErrors, installErrorHandler } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { MaintenanceSwitch, maintenancePageHtml, registerMaintenance } from './http/maintenance';
import { createOriginPolicy } from './http/origins';
import { serializeRequest } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { cookiePolicy, createSessionLookup, registerSessionLookup } from './http/session';
import { builtPages, registerSpa } from './http/spa';
import { logDestination } from './observability/log-destination';
import { AppMetrics } from './observability/metrics';
import {
  registerObservability,
  type ObservabilityModule,
} from './observability/observability-module';
import { Readiness, openRedisProbe } from './observability/readiness';
import type { DomainLifecycle, ServerContext } from './server-context';
import { createSocketServer, type SocketServer } from './sockets/socket-server';

export interface App {
  http: FastifyInstance;
  sockets: SocketServer;
  db: Database;
  config: Config;
  settings: SettingsRegistry;
  demo: DemoMode;
  ai: AiModule;
  moderation: ModerationModule;
  dashboard: DashboardModule;
  delivery: DeliveryModule;
  reports: ReportsModule;
  metrics: AppMetrics;
  readiness: Readiness;
  observability: ObservabilityModule;
  /** Readiness answers 503 from the first line of this on (Readiness.beginShutdown). */
  close(): Promise<void>;
}

/**
 * The composition root: builds the HTTP and socket servers, then has each domain register its
 * routes, socket handlers and workers (`register<Domain>` in its folder), in dependency order;
 * `main.ts` only starts it. Tests build it with their own database and port 0. Closing it stops
 * the domains in reverse order, then the servers, then the database it opened (not one it was
 * given).
 */
export async function buildApp(
  config: Config,
  options: {
    db?: Database;
    /** Where the log goes instead of standard output (tests read it). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<App> {
  assertServable(config);
  setPasswordHashCost(config.passwordHashLogN);
  const http = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...logDestination(config.logFormat, options.logStream),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    frameworkErrors,
  });
  const db =
    options.db ??
    (await openDatabase(config, (error, message) => http.log.warn({ err: error }, message)));
  const ownsDb = !options.db;
  await syncRolesAndPermissions(db);
  const settings = await SettingsRegistry.load(db, config.settingPins, http.log);
  // Getters: every request reads the timeouts in force, so a save applies to the next one.
  const sessionPolicy: SessionPolicy = {
    get idleMs() {
      return settings.get('session_idle_minutes') * 60_000;
    },
    get absoluteMs() {
      return settings.get('session_absolute_hours') * 3_600_000;
    },
  };
  const cookies = cookiePolicy(config.publicUrl);
  const sessions = createSessionLookup(db, sessionPolicy);
  const maintenance = new MaintenanceSwitch(
    settings,
    async (sessionId) => (await sessions.userFor(sessionId))?.permissions ?? [],
  );

  installErrorHandler(http);
  // First, so that even early answers (maintenance 503, refused CSRF check) carry the headers.
  await registerSecurityHeaders(http, {
    pages: [maintenancePageHtml(), ...builtPages(config.staticDir)],
    publicUrl: config.publicUrl,
  });
  registerJsonBodyParser(http);
  await http.register(cookie);
  registerMaintenance(http, maintenance, cookies.session);
  await registerCsrf(http, cookies);
  registerSessionLookup(http, sessions, cookies);

  // socket.io attaches to Fastify's node server, which exists before it listens; domains add
  // their namespaces' handlers while they register.
  const sockets = await createSocketServer(http.server, {
    db,
    sessionPolicy,
    sessionCookie: cookies.session,
    allowedOrigins: [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])],
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: http.log,
    turnsAway: (sessionId) => maintenance.turnsAway(sessionId),
  });

  const metrics = new AppMetrics();
  const readiness = new Readiness(
    db,
    config.redisUrl ? openRedisProbe(config.redisUrl, http.log) : undefined,
  );
  const lifecycles: DomainLifecycle[] = [];
  const close = async () => {
    readiness.beginShutdown();
    for (const lifecycle of lifecycles.splice(0).reverse()) await lifecycle.close?.();
    await sockets.close();
    await http.close();
    await readiness.close();
    if (ownsDb) await db.close();
  };
  const track = <T extends DomainLifecycle>(lifecycle: T): T => {
    lifecycles.push(lifecycle);
    return lifecycle;
  };

  try {
    const context: ServerContext = {
      http,
      io: sockets.io,
      db,
      config,
      settings,
      log: http.log,
      metrics,
    };
    track(registerSettings(context));
    const observability = track(registerObservability(context, { readiness, io: sockets.io }));
    registerEndpoint(http, healthEndpoints.health, async () => ({
      ok: true,
      maintenance: await maintenance.isOn(),
    }));
    const mailer = createMailer(db, http.log, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      production: config.production,
    });

    // The built-in receiver of the demo services' and the Dev Box's deliveries (127.0.0.1 only).
    const receiver = await startDemoReceiver({ db, log: http.log });
    track({ close: () => receiver.close() });
    const demo = track(await registerDemo(context));
    const origins = createOriginPolicy(config, () => {
      const address = http.server.address();
      return address && typeof address === 'object' ? address.port : undefined;
    });
    track(
      await registerAuth(context, {
        mailer,
        sessionPolicy,
        cookies,
        linkOrigin: (request) => origins.linkOrigin(request),
      }),
    );
    const ai = track(await registerAi(context));
    // Ingest and the content sender tell the moderation queue's claim gate of new items.
    const queue = new QueueSignal();
    track(registerIngest(context, { ai, queue }));
    const media = fileMediaStore(config.mediaDir);
    await mediaRoutes(http, { store: media, settings });
    registerContentSender(context, {
      ai,
      media,
      queue,
      // An upload's address is for the console's own users: the origin they reached it at.
      linkOrigin: (request) =>
        origins.linkOrigin(request) ?? `${request.protocol}://${request.host}`,
    });
    const statistics = track(registerStatistics(context));
    const moderation = track(
      await registerModeration(context, {
        userStats: statistics.userStats,
        queue,
        protect: createWellbeingProtection(context),
      }),
    );
    registerChannels(context);
    registerWellbeing(context, { moderation });
    await registerOnlineUsers(context, {
      moderation: moderation.socket,
      counts: statistics.counts,
    });
    registerUsers(context, {
      mailer,
      sockets,
      moderation: moderation.socket,
      linkOrigin: (request) => origins.linkOrigin(request),
    });
    track(registerTwoFactor(context, { sessionPolicy, cookies, sockets }));
    const dashboard = track(registerDashboard(context));
    registerServiceTokens(context);
    registerServices(context);
    registerSubscribers(context);
    registerPools(context);
    const reports = track(registerReports(context));
    registerLoginHistory(http, { db });
    registerAuditLog(http, { db });
    registerHistory(http, { db });
    registerTrials(context, { ai });
    const delivery = track(registerDelivery(context, { selfBaseUrl: () => receiver.baseUrl }));
    // The tools staff use when something goes wrong: they take items from operators' screens
    // and queue deliveries, which they send at once.
    const tools = { moderation: moderation.socket, wakeDelivery: () => delivery.worker.wake() };
    registerContentTool(context, { ...tools, queue });
    track(registerDiscard(context, tools));
    track(registerSandbox(context, { ...tools, ai }));
    await registerApiDocs(context);
    await registerSpa(http, config.staticDir);

    http.addHook('onListen', async () => {
      const address = http.server.address();
      if (!address || typeof address !== 'object') return;
      for (const lifecycle of lifecycles) {
        await lifecycle.listening?.({ port: address.port, host: address.address });
      }
    });
    await http.ready();
    for (const lifecycle of lifecycles) await lifecycle.start?.();

    return {
      http,
      sockets,
      db,
      config,
      settings,
      demo,
      ai,
      moderation,
      dashboard,
      delivery,
      reports,
      metrics,
      readiness,
      observability,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
