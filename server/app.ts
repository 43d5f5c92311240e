import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { assertServable, trustProxyOption, type Config } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { authRoutes } from './features/auth/auth-routes';
import { deleteStaleRateLimits } from './features/auth/rate-limits';
import { deleteExpiredSessions } from './features/auth/session-repository';
import { seedDemoUsers } from './features/demo/demo-seed';
import { createMailer } from './features/mail/mailer';
import { createLocalAiProvider } from './features/ai/local-ai-provider';
import { registerLiveModeration, type LiveModeration } from './features/moderation/live-moderation';
import { syncRolesAndPermissions } from './features/users/role-repository';
import { registerCsrf } from './http/csrf';
import { installErrorHandler } from './http/errors';
import { MaintenanceSwitch, maintenancePageHtml, registerMaintenance } from './http/maintenance';
import { registerSecurityHeaders } from './http/security-headers';
import { createOriginPolicy } from './http/origins';
import { serializeRequest } from './http/request-log';
import { cookiePolicy, registerSessionLookup } from './http/session';
import { builtPages, registerSpa } from './http/spa';
import { chooseAiProvider, operationsRoutes, startOperations, type Operations } from './operations';
import { createSocketServer, type SocketServer } from './sockets/socket-server';

export interface App {
  http: FastifyInstance;
  sockets: SocketServer;
  db: Database;
  config: Config;
  /** Whether demo users were created by this start. */
  seededDemo: boolean;
  moderation: LiveModeration;
  /** Result delivery, AI worker, dashboard statistics (issue 5). */
  operations: Operations;
  close(): Promise<void>;
}

/**
 * Wires the server from its parts; `main.ts` only starts it. Tests build it with their own
 * database and port 0. Closing it closes the database it opened, not one it was given.
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
  const http = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
  });
  const db =
    options.db ??
    (await openDatabase(config, (error, message) => http.log.warn({ err: error }, message)));
  const ownsDb = !options.db;
  await syncRolesAndPermissions(db);
  const seededDemo = config.seedDemo ? await seedDemoUsers(db, config.demoPassword) : false;
  const sessionPolicy = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
  const cookies = cookiePolicy(config.publicUrl);
  const maintenance = new MaintenanceSwitch(db, config.maintenance);

  installErrorHandler(http);
  await registerSecurityHeaders(http, {
    pages: [maintenancePageHtml(), ...builtPages(config.staticDir)],
    publicUrl: config.publicUrl,
  });
  await http.register(cookie);
  registerMaintenance(http, maintenance);
  await registerCsrf(http, cookies);
  registerSessionLookup(http, db, sessionPolicy, cookies);

  // socket.io attaches to Fastify's node server, which exists before it listens; features get
  // the io instance while their routes are registered.
  const sockets = await createSocketServer(http.server, {
    db,
    sessionPolicy,
    sessionCookie: cookies.session,
    allowedOrigins: [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])],
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: http.log,
    isMaintenance: () => maintenance.isOn(),
  });

  http.get('/healthz', async () => ({ ok: true, maintenance: await maintenance.isOn() }));
  const mailer = createMailer(db, http.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    production: config.production,
  });
  const origins = createOriginPolicy(config, () => {
    const address = http.server.address();
    return address && typeof address === 'object' ? address.port : undefined;
  });
  await authRoutes(http, {
    db,
    mailer,
    sessionPolicy,
    cookies,
    linkOrigin: (request) => origins.linkOrigin(request),
  });
  const ai = await chooseAiProvider(db, config, createLocalAiProvider());
  const moderation = await registerLiveModeration(http, {
    db,
    io: sockets.io,
    config,
    ai: ai.provider,
  });
  await operationsRoutes(http, { db });
  await registerSpa(http, config.staticDir);
  http.addHook('onListen', async () => {
    const address = http.server.address();
    if (address && typeof address === 'object') {
      await moderation.started({ port: address.port, host: address.address });
    }
  });

  await http.ready();
  const operations = await startOperations({ http, io: sockets.io, db, config, ai });

  const sweep = setInterval(() => {
    deleteExpiredSessions(db, sessionPolicy).catch((error: unknown) =>
      http.log.error({ err: error }, 'session sweep failed'),
    );
    // A day is longer than every throttle window and back-off.
    deleteStaleRateLimits(db, 24 * 3600).catch((error: unknown) =>
      http.log.error({ err: error }, 'rate limit sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();

  return {
    http,
    sockets,
    db,
    config,
    seededDemo,
    moderation,
    operations,
    async close() {
      clearInterval(sweep);
      await moderation.close();
      await operations.close();
      await sockets.close();
      await http.close();
      if (ownsDb) await db.close();
    },
  };
}
