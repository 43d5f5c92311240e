import type { AiServiceChoice } from '../../../src/contract/ai-services';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { AiCallRecorder } from './ai-call-recorder';
import { serviceAiChoice } from './ai-call-repository';
import type { AiProvider } from './ai-provider';
import { providerFor } from './ai-routing';
import { aiContentRoutes } from './ai-content-routes';
import { aiReviewRoutes } from './ai-review-routes';
import { aiServicesRoutes } from './ai-services-routes';
import { AI_PROVIDER_SETTING_KEYS, aiProviderConfig } from './ai-settings';
import { AiWorker } from './ai-worker';
import { createLocalAiProvider } from './local-ai-provider';
import { createOpenAiProvider } from './openai-provider';

export interface RemoteAiProvider {
  provider: AiProvider;
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

export interface AiModule extends DomainLifecycle {
  /** Asked inline by ingest when it answers at once, otherwise by the worker. */
  provider: AiProvider;
  /** The worker that asks a remote provider in the background; none for the local provider. */
  readonly worker: AiWorker | undefined;
  /** The built-in provider, which answers for services whose ai_provider is 'local'. */
  local: AiProvider;
  /** The configured remote provider, or undefined when the local one is the default. */
  readonly remote: RemoteAiProvider | undefined;
  /** Every call of the providers above, for the health figures of /aiservices. */
  calls: AiCallRecorder;
  /** The provider that answers for a service's items (null: no AI step). */
  forService(serviceId: number): Promise<AiProvider | null>;
  forChoice(choice: AiServiceChoice): AiProvider | null;
  /**
   * Asks about the items waiting in ai_state 'pending' now (after a retry on /aicontent): wakes
   * the worker, or, when the provider answers inline and so runs no worker, answers them here.
   * Resolves when the inline answers are stored (at once with a worker).
   */
  askNow(): Promise<void>;
}

/**
 * The AI step: the OpenAI-compatible provider when the ai_provider setting says 'openai' and a
 * base URL is configured, otherwise the local one, which answers inline. When a save changes the
 * provider's settings it is rebuilt (and its worker replaced); `provider` keeps answering for
 * whichever is current, so ingest never holds a stale one. Each service may ask for the built-in
 * provider or for no AI step instead (services.ai_provider). Every call of either provider is
 * recorded once, for the health figures of /aiservices.
 */
export async function registerAi(context: ServerContext): Promise<AiModule> {
  const { db, settings, log } = context;
  const calls = new AiCallRecorder(db, log, (call) => context.metrics.aiCallAnswered(call));
  const local = calls.wrap(createLocalAiProvider());
  const build = () => {
    const resolved = aiProviderConfig(settings.values());
    const remote: RemoteAiProvider | undefined =
      resolved.provider === 'openai' && resolved.baseUrl
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
      : new AiWorker({
          db,
          provider,
          local,
          log,
          timeoutMs: resolved.timeoutMs,
          pinned: context.config.settingPins,
        });
    return { provider, remote, worker };
  };
  let active = build();
  let started = false;
  const unsubscribe = settings.subscribe((keys) => {
    if (!keys.some((key) => (AI_PROVIDER_SETTING_KEYS as readonly string[]).includes(key))) return;
    const previous = active;
    active = build();
    if (started) active.worker?.start();
    void previous.worker?.stop();
  });
  const provider: AiProvider = {
    get name() {
      return active.provider.name;
    },
    get inline() {
      return active.provider.inline;
    },
    suggest: (input) => active.provider.suggest(input),
  };
  // With an inline provider there is no worker; the items a retry put back are answered by a
  // worker of the moment, one drain at a time.
  let draining: Promise<void> | undefined;
  let closed = false;
  const drainInline = async () => {
    const once = new AiWorker({
      db,
      provider: active.provider,
      local,
      log,
      timeoutMs: aiProviderConfig(settings.values()).timeoutMs,
      pinned: context.config.settingPins,
    });
    while ((await once.runOnce()) > 0 && !closed) {
      // Until nothing due is left (or the server closes).
    }
  };
  const askNow = (): Promise<void> => {
    if (active.worker) {
      active.worker.wake();
      return Promise.resolve();
    }
    draining ??= drainInline()
      .catch((error: unknown) => log.error({ err: error }, 'AI retry failed'))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };
  const forChoice = (choice: AiServiceChoice) =>
    providerFor(choice, { configured: active.provider, local });
  const module: AiModule = {
    provider,
    get worker() {
      return active.worker;
    },
    local,
    get remote() {
      return active.remote;
    },
    calls,
    forChoice,
    forService: async (serviceId) => forChoice(await serviceAiChoice(db, serviceId)),
    askNow,
    start() {
      started = true;
      calls.start();
      active.worker?.start();
    },
    async close() {
      closed = true;
      unsubscribe();
      await draining;
      await active.worker?.stop();
      await calls.stop();
    },
  };
  aiServicesRoutes(context, module);
  aiReviewRoutes(context);
  aiContentRoutes(context, module);
  return module;
}
