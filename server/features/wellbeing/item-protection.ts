import type { ContentItem } from '../../../src/contract/content';
import {
  combineTreatments,
  parseTagTreatments,
  parseTagWords,
  type Protection,
  type Treatment,
} from '../../../src/contract/wellbeing';
import { batchWhileBusy } from '../../db/batch-while-busy';
import type { Queryable } from '../../db/database';
import type { SettingsRegistry } from '../settings/settings-registry';
import { recordExposures, serviceTreatments } from './wellbeing-repository';

/**
 * What is forced on each item an operator is handed (ContentItem.protection): the service's
 * 'Protect operators' treatment combined with the treatment set for each of the item's AI tags
 * (wellbeing_tag_treatments), and, for text, the words of its AI tags' word lists
 * (wellbeing_tag_words). Tags match without regard to case. Handing out an item something forces
 * a treatment on counts as one exposure of that operator (once per item: a reload showing it
 * again does not count twice), which the sensitive-items cap reads.
 */
export type ProtectItems = (userId: number, items: ContentItem[]) => Promise<ContentItem[]>;

/** Parsed once per setting text: the settings change rarely, items arrive all the time. */
function memoParse<T>(
  parse: (text: string) => Record<string, T> | string,
): (text: string) => Map<string, T> {
  let lastText: string | null = null;
  let last = new Map<string, T>();
  return (text) => {
    if (text !== lastText) {
      const parsed = parse(text);
      last = new Map(
        typeof parsed === 'string'
          ? []
          : Object.entries(parsed).map(([tag, value]) => [tag.toLowerCase(), value]),
      );
      lastText = text;
    }
    return last;
  };
}

export function itemProtection(
  item: Pick<ContentItem, 'message_type' | 'ai_moderated_status'>,
  serviceTreatment: Treatment,
  tagTreatments: ReadonlyMap<string, Treatment>,
  tagWords: ReadonlyMap<string, string[]>,
): Protection {
  const tags = (item.ai_moderated_status ?? []).map((tag) => tag.toLowerCase());
  const forced = combineTreatments(
    serviceTreatment,
    ...tags.map((tag) => tagTreatments.get(tag) ?? 'none'),
  );
  const words =
    item.message_type === 'text'
      ? [...new Set(tags.flatMap((tag) => tagWords.get(tag) ?? []))]
      : [];
  return { forced, mask_words: words };
}

export function createItemProtection(deps: {
  db: Queryable;
  settings: Pick<SettingsRegistry, 'get'>;
}): ProtectItems {
  const treatmentsOf = memoParse<Treatment>(parseTagTreatments);
  const wordsOf = memoParse<string[]>(parseTagWords);
  // Every hand-out of items asks it: hand-outs that arrive together share one read.
  const serviceTreatmentOf = batchWhileBusy<number, Treatment>(async (contentIds) => {
    const treatments = await serviceTreatments(deps.db, contentIds);
    return contentIds.map((id) => treatments.get(id) ?? 'none');
  });
  return async (userId, items) => {
    if (items.length === 0) return items;
    const treatments = await serviceTreatmentOf.loadAll(items.map((item) => item.id));
    const tagTreatments = treatmentsOf(deps.settings.get('wellbeing_tag_treatments'));
    const tagWords = wordsOf(deps.settings.get('wellbeing_tag_words'));
    const protectedItems = items.map((item, index) => ({
      ...item,
      protection: itemProtection(item, treatments[index] ?? 'none', tagTreatments, tagWords),
    }));
    await recordExposures(
      deps.db,
      userId,
      protectedItems.filter((item) => item.protection.forced !== 'none').map((item) => item.id),
    );
    return protectedItems;
  };
}
