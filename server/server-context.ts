import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from './config';
import type { Database } from './db/database';
import type { SettingsRegistry } from './features/settings/settings-registry';
import type { AppMetrics } from './observability/metrics';

/**
 * What every domain's `register<Domain>(context, deps)` gets from the composition root
 * (server/app.ts): the HTTP server to add routes to, the socket.io server to add namespaces'
 * handlers to, the database, the configuration and the log. Anything else a domain needs from
 * another comes as an explicit dependency, so app.ts shows who depends on whom. `metrics` is
 * where a domain counts what happens (server/observability/metrics.ts).
 */
export interface ServerContext {
  http: FastifyInstance;
  io: Server;
  db: Database;
  config: Config;
  settings: SettingsRegistry;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
}

/**
 * The running parts a domain may hand back. `start` runs once every route is registered and
 * Fastify is ready (background workers); `listening` once the server listens (what needs its own
 * address); `close` when the server stops, in the reverse order of registration.
 */
export interface DomainLifecycle {
  start?(): void | Promise<void>;
  listening?(address: { port: number; host: string }): void | Promise<void>;
  close?(): void | Promise<void>;
}
