import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { settingPinsFromEnv, type SettingPins } from './features/settings/settings-registry';

/**
 * Every environment variable the server reads, parsed once at start. The README's configuration
 * table lists the same names; a bad value stops the server with a message naming the variable.
 * The variables that pin a system setting are not listed here: the settings catalogue
 * (src/contract/settings.ts) names and checks them, and loadConfig gathers them as
 * `settingPins`.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/**
 * TRUST_PROXY: which proxies in front of the server may tell it the client's address and protocol
 * (X-Forwarded-For, X-Forwarded-Proto). A hop count (`1`: the one proxy that connects to us), or
 * a comma-separated list of proxy addresses or CIDR ranges. Never "trust everything": then any
 * client could claim any address by sending X-Forwarded-For, and walk around the throttles.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `a hop count or comma-separated proxy addresses/CIDRs, not ${bad.join(', ')}${
          value === 'true' || value === 'yes' ? ' (trusting every proxy is not supported)' : ''
        }`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // 32 MB fits in the 128 MB the embedded database's WebAssembly memory starts with, so the
  // cache adds nothing to it; pages beyond it come from the operating system's file cache. With
  // PostgreSQL's own default (128 MB) the memory grew to about 200 MB and the queue bench's
  // server peaked 130 to 190 MB higher, at the same throughput.
  PGLITE_CACHE_MB: z.coerce.number().int().min(8).max(4096).default(32),
  // Off by default: measured on the queue bench (single submits) the thread stored about a
  // quarter more items a second, but each submit waited about three times as long (its
  // transaction's statements cross between threads) and the server held about 50 MB more.
  PGLITE_THREAD: flag.default(false),
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().min(1).max(100).default('socket.io'),
  SEED_DEMO: flag.optional(),
  DEMO_PASSWORD: z.string().min(1).default('demo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Moderation Console <no-reply@localhost>'),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })])
    .optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  DEMO_FEEDER: flag.optional(),
  DEMO_QUEUE_TARGET: z.coerce.number().int().min(1).max(10_000).default(40),
  DEMO_FEED_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  DELIVERY_WORKER: flag.default(true),
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  METRICS: z.enum(['off', 'token', 'port']).default('off'),
  METRICS_TOKEN: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

/** The names of the variables above, for the test that keeps .env.example complete. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

/** A bearer token shorter than this is guessable by a scraper that keeps trying. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The embedded database's page cache (PostgreSQL's shared_buffers), in MB. */
  pgliteCacheMb: number;
  /** Run the embedded database in a thread of its own (server/db/pglite-thread.ts). */
  pgliteThread: boolean;
  /**
   * Where uploaded media are kept (DATA_DIR/media unless MEDIA_DIR says otherwise). Several
   * server processes must share it, or use a bucket store instead.
   */
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Channel prefix of the socket.io Redis adapter: deployments sharing one Redis keep apart. */
  redisPrefix: string;
  seedDemo: boolean;
  demoPassword: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * NODE_ENV=production or a PostgreSQL server: a real deployment, which must say where users
   * reach it (PUBLIC_URL) instead of trusting the Host header of whoever asks.
   */
  production: boolean;
  /** The origin users open (no trailing slash); mailed links are built from it. */
  publicUrl: string | undefined;
  allowedOrigins: string[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  logLevel: string;
  staticDir: string;
  /** Demo mode pushes sample content through the ingest API (off with DEMO_FEEDER=0). */
  demoFeeder: boolean;
  demoQueueTarget: number;
  demoFeedIntervalMs: number;
  /** `0`: this process sends no result deliveries (another one does). */
  deliveryWorker: boolean;
  /**
   * The system settings the environment pins (LEASE_GRACE_SECONDS, DELIVERY_*, AI_*,
   * MAINTENANCE, SESSION_*, ...: see src/contract/settings.ts). Everything reads them through
   * the settings registry (server/features/settings/settings-registry.ts), whose one rule is:
   * the environment pins, else the `settings` table, else the default.
   */
  settingPins: SettingPins;
  /** log2 of scrypt's N for new password hashes; below 17 only for test runs. */
  passwordHashLogN: number;
  /** `auto`: readable lines on a terminal, JSON lines otherwise (files, log collectors). */
  logFormat: 'auto' | 'pretty' | 'json';
  /**
   * Who may read GET /metrics: nobody (`off`), a scraper with the bearer token (`token`), or
   * anyone who reaches a separate port (`port`, METRICS_HOST:METRICS_PORT, never the main one).
   */
  metrics:
    | { mode: 'off' }
    | { mode: 'token'; token: string }
    | { mode: 'port'; port: number; host: string };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const settings = settingPinsFromEnv(env);
  if (!parsed.success || settings.problems.length > 0) {
    const problems = [
      ...(parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      ...settings.problems,
    ];
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const metrics = metricsConfig(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    pgliteCacheMb: e.PGLITE_CACHE_MB,
    pgliteThread: e.PGLITE_THREAD,
    mediaDir: path.resolve(e.MEDIA_DIR || path.join(e.DATA_DIR, 'media')),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    // Demo data is the default only for the embedded database: never seed a real server by accident.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    production: e.NODE_ENV === 'production' || Boolean(e.DATABASE_URL),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    demoFeeder: e.DEMO_FEEDER ?? true,
    demoQueueTarget: e.DEMO_QUEUE_TARGET,
    demoFeedIntervalMs: e.DEMO_FEED_INTERVAL_MS,
    deliveryWorker: e.DELIVERY_WORKER,
    settingPins: settings.pins,
    passwordHashLogN: e.PASSWORD_HASH_LOG_N,
    logFormat: e.LOG_FORMAT,
    metrics,
  };
}

function metricsConfig(e: z.output<typeof EnvSchema>): Config['metrics'] {
  switch (e.METRICS) {
    case 'off':
      return { mode: 'off' };
    case 'token': {
      const token = e.METRICS_TOKEN?.trim() ?? '';
      if (token.length < METRICS_TOKEN_MIN_LENGTH) {
        throw new ConfigError(
          `Invalid configuration: METRICS_TOKEN: METRICS=token needs a token of at least ` +
            `${METRICS_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 24)`,
        );
      }
      return { mode: 'token', token };
    }
    case 'port':
      // The same port would be two servers on one address; 0 (any free port) is for tests.
      if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
        throw new ConfigError(
          `Invalid configuration: METRICS_PORT: must differ from PORT (${e.PORT}) with METRICS=port`,
        );
      }
      return { mode: 'port', port: e.METRICS_PORT, host: e.METRICS_HOST };
  }
}

/**
 * What the server (not the command-line tools) needs on top of valid variables. A production
 * server without PUBLIC_URL would have to take the origin of its mailed links from requests,
 * and a request's Host header is whatever the sender wrote: a reset mail could point to their host.
 */
export function assertServable(config: Config): void {
  if (config.production && !config.publicUrl) {
    throw new ConfigError(
      'PUBLIC_URL must be set in production (NODE_ENV=production or DATABASE_URL set): ' +
        'password-reset links are built only from it, never from the Host header of a request. ' +
        'Set it to the address users open, e.g. PUBLIC_URL=https://console.example.com',
    );
  }
  if (config.production && config.passwordHashLogN < 17) {
    throw new ConfigError(
      `PASSWORD_HASH_LOG_N=${config.passwordHashLogN} is for test runs only: production keeps ` +
        'the OWASP cost (17 or more).',
    );
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function (this Fastify ignores a number
 * and trusts nothing): the `hops` nearest addresses (the connecting peer first) are proxies, and
 * the client is the one before them. Only right when every request passes through that many
 * proxies; otherwise list the proxies' addresses.
 */
export function trustProxyOption(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return hops > 0 ? (_address, hop) => hop < hops : false;
  }
  return trustProxy;
}
