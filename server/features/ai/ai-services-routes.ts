import {
  AI_HEALTH_WINDOW_MINUTES,
  AI_SERVICES_TEXTS,
  AI_TEST_TAGS,
  AI_TEST_WORD_LISTS,
  aiServicesEndpoints,
  type AiHealth,
  type AiProviderRow,
} from '../../../src/contract/ai-services';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { aiHealthByProvider, servicesByAiChoice } from './ai-call-repository';
import type { AiModule } from './ai-module';
import { AiProviderError } from './openai-provider';

/**
 * /aiservices: the providers this server has, their health over the last hour and who uses them,
 * and "Test connection". A test is a real call through the same recorded provider the items
 * go through, so it counts in the health figures too.
 */
const NO_CALLS: AiHealth = { calls: 0, failures: 0, p50_ms: null, p95_ms: null };

export function aiServicesRoutes(context: ServerContext, ai: AiModule): void {
  const { http, db } = context;

  registerEndpoint(http, aiServicesEndpoints.list, async () => {
    // This process's latest calls first, so a test just made shows in the figures.
    await ai.calls.flush();
    const health = await aiHealthByProvider(db, AI_HEALTH_WINDOW_MINUTES);
    const services = await servicesByAiChoice(db);
    const defaultId = ai.remote ? 'remote' : 'local';
    const usersOf = (id: 'local' | 'remote') =>
      services
        .filter(
          (service) =>
            (service.ai_provider === 'default' && id === defaultId) ||
            (service.ai_provider === 'local' && id === 'local'),
        )
        .map((service) => ({
          id: service.id,
          name: service.name,
          choice: service.ai_provider === 'local' ? ('local' as const) : ('default' as const),
        }));
    const providers: AiProviderRow[] = [
      {
        id: 'local',
        name: ai.local.name,
        kind: 'local',
        is_default: defaultId === 'local',
        base_url: null,
        model: null,
        timeout_ms: null,
        health: health.get(ai.local.name) ?? NO_CALLS,
        services: usersOf('local'),
      },
    ];
    if (ai.remote) {
      providers.push({
        id: 'remote',
        name: ai.remote.provider.name,
        kind: 'openai',
        is_default: true,
        base_url: ai.remote.baseUrl,
        model: ai.remote.model,
        timeout_ms: ai.remote.timeoutMs,
        health: health.get(ai.remote.provider.name) ?? NO_CALLS,
        services: usersOf('remote'),
      });
    }
    return {
      ok: true,
      data: {
        providers,
        without_ai: services
          .filter((service) => service.ai_provider === 'none')
          .map((service) => ({ id: service.id, name: service.name })),
        window_minutes: AI_HEALTH_WINDOW_MINUTES,
      },
    };
  });

  registerEndpoint(http, aiServicesEndpoints.test, async ({ body }) => {
    const provider = body.provider === 'local' ? ai.local : ai.remote?.provider;
    if (!provider) {
      throw new HttpError(422, AI_SERVICES_TEXTS.noRemote, {
        provider: AI_SERVICES_TEXTS.noRemote,
      });
    }
    const started = performance.now();
    try {
      const answer = await provider.suggest({
        messageType: 'text',
        content: body.text,
        fileUrl: null,
        tags: AI_TEST_TAGS,
        wordLists: AI_TEST_WORD_LISTS,
      });
      return {
        ok: true,
        data: {
          ok: true,
          provider: provider.name,
          latency_ms: Math.round((performance.now() - started) * 10) / 10,
          tags: answer?.tags ?? null,
          reasoning: answer?.reasoning ?? null,
          error: null,
        },
      };
    } catch (error) {
      // The provider's failure is the answer of a test, not a failure of this request.
      const failure =
        error instanceof AiProviderError
          ? { code: error.aiStatus, message: error.response.slice(0, 1000) }
          : { code: 'error', message: error instanceof Error ? error.message : String(error) };
      return {
        ok: true,
        data: {
          ok: false,
          provider: provider.name,
          latency_ms: Math.round((performance.now() - started) * 10) / 10,
          tags: null,
          reasoning: null,
          error: failure,
        },
      };
    }
  });
}
