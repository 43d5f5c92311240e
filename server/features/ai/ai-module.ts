import type { Config } from '../../config';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { AiProvider } from './ai-provider';
import { resolveAiProviderConfig, type AiProviderConfig } from './ai-settings';
import { AiWorker } from './ai-worker';
import { createLocalAiProvider } from './local-ai-provider';
import { createOpenAiProvider } from './openai-provider';

export interface AiModule extends DomainLifecycle {
  /** Asked inline by ingest when it answers at once, otherwise by the worker. */
  provider: AiProvider;
  /** The worker that asks a remote provider in the background; none for the local provider. */
  worker: AiWorker | undefined;
}

/** What the environment says about the AI provider; settings fill in what it leaves unset. */
export function aiConfigFrom(config: Config): Partial<AiProviderConfig> {
  const ai: Partial<AiProviderConfig> = {};
  if (config.aiBaseUrl !== undefined) ai.baseUrl = config.aiBaseUrl;
  if (config.aiApiKey !== undefined) ai.apiKey = config.aiApiKey;
  if (config.aiModel !== undefined) ai.model = config.aiModel;
  if (config.aiTimeoutMs !== undefined) ai.timeoutMs = config.aiTimeoutMs;
  return ai;
}

/**
 * The AI step. The provider is chosen once, at start: the OpenAI-compatible one when a base URL
 * is configured (environment or settings), otherwise the local one, which answers inline.
 */
export async function registerAi(context: ServerContext): Promise<AiModule> {
  const { db, config, log } = context;
  const resolved = await resolveAiProviderConfig(db, aiConfigFrom(config));
  const provider = resolved.baseUrl
    ? createOpenAiProvider({
        baseUrl: resolved.baseUrl,
        apiKey: resolved.apiKey,
        model: resolved.model,
        timeoutMs: resolved.timeoutMs,
      })
    : createLocalAiProvider();
  const worker = provider.inline
    ? undefined
    : new AiWorker({ db, provider, log, timeoutMs: resolved.timeoutMs });
  return {
    provider,
    worker,
    start() {
      worker?.start();
    },
    async close() {
      await worker?.stop();
    },
  };
}
