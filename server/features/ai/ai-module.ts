import type { Config } from '../../config';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { AiServiceChoice } from '../../../src/contract/ai-services';
import { AiCallRecorder } from './ai-call-recorder';
import { serviceAiChoice } from './ai-call-repository';
import type { AiProvider } from './ai-provider';
import { providerFor } from './ai-routing';
import { aiServicesRoutes } from './ai-services-routes';
import { resolveAiProviderConfig, type AiProviderConfig } from './ai-settings';
import { AiWorker } from './ai-worker';
import { createLocalAiProvider } from './local-ai-provider';
import { createOpenAiProvider } from './openai-provider';

export interface AiModule extends DomainLifecycle {
  /** Asked inline by ingest when it answers at once, otherwise by the worker. */
  provider: AiProvider;
  /** The worker that asks a remote provider in the background; none for the local provider. */
  worker: AiWorker | undefined;
  /** The built-in provider, which answers for services whose ai_provider is 'local'. */
  local: AiProvider;
  /** The configured remote provider, or undefined when the local one is the default. */
  remote: { provider: AiProvider; baseUrl: string; model: string; timeoutMs: number } | undefined;
  /** Every call of the providers above, for the health figures of /aiservices. */
  calls: AiCallRecorder;
  /** The provider that answers for a service's items (null: no AI step). */
  forService(serviceId: number): Promise<AiProvider | null>;
  forChoice(choice: AiServiceChoice): AiProvider | null;
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
  const calls = new AiCallRecorder(db, log);
  const local = calls.wrap(createLocalAiProvider());
  const remote = resolved.baseUrl
    ? {
        provider: calls.wrap(
          createOpenAiProvider({
            baseUrl: resolved.baseUrl,
            apiKey: resolved.apiKey,
            model: resolved.model,
            timeoutMs: resolved.timeoutMs,
          }),
        ),
        baseUrl: resolved.baseUrl,
        model: resolved.model,
        timeoutMs: resolved.timeoutMs,
      }
    : undefined;
  const provider = remote?.provider ?? local;
  const worker = provider.inline
    ? undefined
    : new AiWorker({ db, provider, local, log, timeoutMs: resolved.timeoutMs });
  const forChoice = (choice: AiServiceChoice) =>
    providerFor(choice, { configured: provider, local });
  const module: AiModule = {
    provider,
    worker,
    local,
    remote,
    calls,
    forChoice,
    forService: async (serviceId) => forChoice(await serviceAiChoice(db, serviceId)),
    start() {
      calls.start();
      worker?.start();
    },
    async close() {
      await worker?.stop();
      await calls.stop();
    },
  };
  aiServicesRoutes(context, module);
  return module;
}
