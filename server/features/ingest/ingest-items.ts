import type { Queryable } from '../../db/database';
import type { AiModule } from '../ai/ai-module';
import { decideByAiAlone } from '../ai/ai-alone-decision';
import { upsertSubscribers, type ServiceRecord } from '../services/service-repository';
import { insertContents, type NewContent, type ParsedIngestItem } from './ingest-repository';

/*
 * The one way content enters the queue, whoever sends it (a client service through the API, a
 * staff member through the content sender): the AI's inline answers first, outside any
 * transaction (a provider call may take seconds), then `storeIngested` inside the caller's
 * transaction. Items then take the same road: the AI worker for deferred answers, "AI decides
 * alone", the queue and result delivery.
 */

export interface AiAnswers {
  /** Per item: the answer, null for no AI step, undefined when the AI worker answers later. */
  suggestions: NewContent['ai'][];
  provider: string;
}

/** The AI's answers for the items where the provider answers inline. */
export async function answerInline(
  ai: Pick<AiModule, 'forChoice'>,
  service: ServiceRecord,
  items: readonly ParsedIngestItem[],
): Promise<AiAnswers> {
  // The service's ai_provider: null is no AI step ('none'), so its items get no answer.
  const provider = ai.forChoice(service.ai_provider);
  const suggestions = await Promise.all(
    items.map((item) =>
      provider === null
        ? Promise.resolve(null)
        : provider.inline
          ? provider.suggest({
              messageType: item.message_type,
              content: item.content,
              fileUrl: item.file_url ?? null,
              tags: service.tags,
              wordLists: service.ai_word_lists,
            })
          : Promise.resolve(undefined),
    ),
  );
  return { suggestions, provider: provider?.name ?? 'none' };
}

/** Stores the items with their answers; answers their ids in the order of the items. */
export async function storeIngested(
  tx: Queryable,
  service: ServiceRecord,
  items: readonly ParsedIngestItem[],
  answers: AiAnswers,
): Promise<number[]> {
  const subscribers = await upsertSubscribers(
    tx,
    service.id,
    items.map((item) => item.subscriber_id),
  );
  const contents: NewContent[] = items.map((item, index) => ({
    item,
    subscriberId: subscribers.get(item.subscriber_id) ?? 0,
    ai: answers.suggestions[index],
    aiProvider: answers.provider,
  }));
  const ids = await insertContents(tx, service.id, contents);
  await decideByAiAlone(tx, ids);
  return ids;
}
