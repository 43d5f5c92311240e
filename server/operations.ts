import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AiProvider } from './features/ai/ai-provider';
import { resolveAiProviderConfig, type AiProviderConfig } from './features/ai/ai-settings';
import { AiWorker } from './features/ai/ai-worker';
import { createOpenAiProvider } from './features/ai/openai-provider';
import { dashboardRoutes } from './features/dashboard/dashboard-routes';
import {
  registerDashboardStats,
  type DashboardStats,
} from './features/dashboard/dashboard-stats-socket';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
} from './features/delivery/delivery-settings';
import { DeliveryWorker } from './features/delivery/delivery-worker';
import { startDemoReceiver, type DemoReceiver } from './features/delivery/demo-receiver';
import { serviceTokenRoutes } from './features/service-tokens/service-token-routes';

/**
 * The operations side of the server (issue 5), wired by app.ts in three calls: the AI provider
 * choice before the ingest route is registered, the HTTP routes, and the background parts once
 * sockets exist (result delivery worker, AI worker, dashboard statistics, demo receiver).
 */
/** What the configuration (environment) says about delivery and AI; settings may override. */
export interface OperationsConfig {
  /** Run the delivery worker in this process (off: another process delivers). */
  deliveryWorker: boolean;
  delivery: Partial<DeliverySettings>;
  ai: Partial<AiProviderConfig>;
}

export function operationsConfig(config: Config): OperationsConfig {
  const delivery: Partial<DeliverySettings> = {};
  if (config.deliveryMaxAttempts !== undefined) delivery.maxAttempts = config.deliveryMaxAttempts;
  if (config.deliveryRetryScheduleSeconds !== undefined) {
    delivery.retryScheduleSeconds = config.deliveryRetryScheduleSeconds;
  }
  if (config.deliveryTimeoutMs !== undefined) delivery.timeoutMs = config.deliveryTimeoutMs;
  if (config.deliveryAllowPrivateUrls !== undefined) {
    delivery.allowPrivateUrls = config.deliveryAllowPrivateUrls;
  }
  const ai: Partial<AiProviderConfig> = {};
  if (config.aiBaseUrl !== undefined) ai.baseUrl = config.aiBaseUrl;
  if (config.aiApiKey !== undefined) ai.apiKey = config.aiApiKey;
  if (config.aiModel !== undefined) ai.model = config.aiModel;
  if (config.aiTimeoutMs !== undefined) ai.timeoutMs = config.aiTimeoutMs;
  return { deliveryWorker: config.deliveryWorker, delivery, ai };
}

export interface ChosenAiProvider {
  provider: AiProvider;
  timeoutMs: number;
}

/**
 * The OpenAI-compatible provider when a base URL is configured (environment or settings),
 * otherwise the given local provider.
 */
export async function chooseAiProvider(
  db: Database,
  config: Config,
  local: AiProvider,
): Promise<ChosenAiProvider> {
  const ai = operationsConfig(config).ai;
  const resolved = await resolveAiProviderConfig(db, ai);
  if (!resolved.baseUrl) return { provider: local, timeoutMs: resolved.timeoutMs };
  return {
    provider: createOpenAiProvider({
      baseUrl: resolved.baseUrl,
      apiKey: resolved.apiKey,
      model: resolved.model,
      timeoutMs: resolved.timeoutMs,
    }),
    timeoutMs: resolved.timeoutMs,
  };
}

export async function operationsRoutes(
  http: FastifyInstance,
  deps: { db: Database },
): Promise<void> {
  await dashboardRoutes(http, deps);
  serviceTokenRoutes(http, deps);
}

export interface Operations {
  delivery: DeliveryWorker;
  ai: AiWorker | undefined;
  stats: DashboardStats;
  demoReceiver: DemoReceiver | undefined;
  close(): Promise<void>;
}

export async function startOperations(deps: {
  http: FastifyInstance;
  io: Server;
  db: Database;
  config: Config;
  ai: ChosenAiProvider;
}): Promise<Operations> {
  const { http, db, config } = deps;
  const options = operationsConfig(config);
  const demoReceiver = config.seedDemo ? await startDemoReceiver({ db, log: http.log }) : undefined;
  const delivery = new DeliveryWorker({
    db,
    log: http.log,
    defaults: { ...DEFAULT_DELIVERY_SETTINGS, ...options.delivery },
    ...(demoReceiver ? { selfBaseUrl: () => demoReceiver.baseUrl } : {}),
  });
  if (options.deliveryWorker) delivery.start();
  const ai = deps.ai.provider.inline
    ? undefined
    : new AiWorker({ db, provider: deps.ai.provider, log: http.log, timeoutMs: deps.ai.timeoutMs });
  ai?.start();
  const stats = registerDashboardStats({ io: deps.io, db, log: http.log });

  return {
    delivery,
    ai,
    stats,
    demoReceiver,
    async close() {
      stats.close();
      await Promise.all([delivery.stop(), ai?.stop()]);
      await demoReceiver?.close();
    },
  };
}
