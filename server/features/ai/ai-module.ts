import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { AiProvider } from './ai-provider';
import { AI_PROVIDER_SETTING_KEYS, aiProviderConfig } from './ai-settings';
import { AiWorker } from './ai-worker';
import { createLocalAiProvider } from './local-ai-provider';
import { createOpenAiProvider } from './openai-provider';

export interface AiModule extends DomainLifecycle {
  /** Asked inline by ingest when it answers at once, otherwise by the worker. */
  provider: AiProvider;
  /** The worker that asks a remote provider in the background; none for the local provider. */
  worker: AiWorker | undefined;
}

/**
 * The AI step: the OpenAI-compatible provider when the ai_provider setting says 'openai' and a
 * base URL is configured, otherwise the local one, which answers inline. When a save changes the
 * provider's settings it is rebuilt (and its worker replaced); `provider` keeps answering for
 * whichever is current, so ingest never holds a stale one.
 */
export async function registerAi(context: ServerContext): Promise<AiModule> {
  const { db, settings, log } = context;
  const build = () => {
    const resolved = aiProviderConfig(settings.values());
    const provider =
      resolved.provider === 'openai' && resolved.baseUrl
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
    return { provider, worker };
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
  return {
    provider,
    get worker() {
      return active.worker;
    },
    start() {
      started = true;
      active.worker?.start();
    },
    async close() {
      unsubscribe();
      await active.worker?.stop();
    },
  };
}
