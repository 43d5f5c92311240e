/**
 * Pure rules of the moderation screen: tag labels, the submit rules of SPEC §5, the AI
 * suggestion texts, filters and the moderated result of SPEC §3. No React, no I/O.
 */
import {
  CUSTOM_TAG_MAX_LENGTH,
  MODERATION_TEXTS,
  type ContentItem,
  type ModeratedResult,
} from '../../contract/content';

/** SPEC §9: how many items a user holds unless the server says otherwise. */
export const DEFAULT_MAX_CONTENT = 6;
/** AI reasoning shows its first 50 characters until Show More (SPEC §9). */
export const REASONING_PREVIEW_LENGTH = 50;

/** An item on the operator's screen: the server's item plus what only this client knows. */
export interface ModerationItem extends ContentItem {
  /** Its media finished loading (SPEC §4); the moderated time was then recorded. */
  loaded: boolean;
  /** When the item reached this screen, ISO 8601: the result's inbound_time. */
  inboundTime: string;
  /** Why the last submit of this item did not go through, shown on the card. */
  submitError: string | null;
}

export type ContentFilter = (typeof MODERATION_TEXTS.filters)[number];

const FILTER_TYPES: Record<ContentFilter, readonly string[] | null> = {
  All: null,
  Photos: ['image'],
  Videos: ['video'],
  Text: ['text'],
};

export function filterItems<T extends Pick<ContentItem, 'message_type'>>(
  items: readonly T[],
  filter: ContentFilter,
): T[] {
  const types = FILTER_TYPES[filter];
  return types === null ? [...items] : items.filter((item) => types.includes(item.message_type));
}

/** 'adult_content' -> 'Adult Content': underscores become spaces, each word capitalised. */
export function formatTagLabel(name: string): string {
  return name
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export function hasSelection(item: Pick<ContentItem, 'tags' | 'customTag'>): boolean {
  return item.tags.some((tag) => tag.selected) || (item.customTag ?? '').trim().length > 0;
}

/** SPEC §5: an item may be submitted unless it needs a tag and has none. */
export function meetsTagRule(
  item: Pick<ContentItem, 'tags' | 'customTag' | 'submit_without_tags'>,
): boolean {
  return item.submit_without_tags === 'yes' || hasSelection(item);
}

export function canSubmitItem(
  item: Pick<ContentItem, 'tags' | 'customTag' | 'submit_without_tags'>,
  submitting: boolean,
): boolean {
  return !submitting && meetsTagRule(item);
}

/** SPEC §5: batch Submit needs items, no submit in flight, and every item passing the rule. */
export function canSubmitBatch(
  items: readonly Pick<ContentItem, 'tags' | 'customTag' | 'submit_without_tags'>[],
  submitting: boolean,
): boolean {
  return !submitting && items.length > 0 && items.every(meetsTagRule);
}

export type CustomTagCheck = { ok: true; value: string } | { ok: false; error: string };

export const CUSTOM_TAG_TEXTS = {
  tooLong: `A custom tag has at most ${CUSTOM_TAG_MAX_LENGTH} characters.`,
  empty: 'Type a tag first.',
} as const;

export function checkCustomTag(text: string): CustomTagCheck {
  const value = text.trim();
  if (value.length === 0) return { ok: false, error: CUSTOM_TAG_TEXTS.empty };
  if (value.length > CUSTOM_TAG_MAX_LENGTH) return { ok: false, error: CUSTOM_TAG_TEXTS.tooLong };
  return { ok: true, value };
}

export interface ReasoningPreview {
  text: string;
  truncated: boolean;
}

/** SPEC §2: reasoning is cut to 50 characters, with Show More revealing the rest. */
export function previewReasoning(
  reasoning: string | null | undefined,
  expanded: boolean,
): ReasoningPreview {
  const text = (reasoning ?? '').trim();
  if (text.length === 0) return { text: MODERATION_TEXTS.noReasoning, truncated: false };
  if (expanded || text.length <= REASONING_PREVIEW_LENGTH) return { text, truncated: false };
  return { text: `${text.slice(0, REASONING_PREVIEW_LENGTH)}...`, truncated: true };
}

export type AiSuggestion =
  { kind: 'none' } | { kind: 'safe' } | { kind: 'empty' } | { kind: 'tags'; labels: string[] };

/** null: no AI answer; ['SAFE']: the AI found nothing; [] : no tag names came back. */
export function aiSuggestion(status: readonly string[] | null): AiSuggestion {
  if (status === null) return { kind: 'none' };
  const names = status.filter((name) => name.trim().length > 0);
  if (names.length === 0) return { kind: 'empty' };
  if (names.every((name) => name.toUpperCase() === 'SAFE')) return { kind: 'safe' };
  return {
    kind: 'tags',
    labels: names.filter((name) => name.toUpperCase() !== 'SAFE').map(formatTagLabel),
  };
}

export function formatResponseTime(seconds: number | null): string {
  if (seconds === null) return MODERATION_TEXTS.noAiResponse;
  return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

export interface ResultAuthor {
  id: number;
  username: string;
  is_batch_moderator: boolean;
}

/**
 * The moderated result of one item as the server stores it (SPEC §3), with an idempotency key
 * made on this device so a replayed submit is stored once.
 */
export function buildResult(
  item: ModerationItem,
  user: ResultAuthor,
  totalContents: number,
  now: Date,
  makeKey: () => string = () => crypto.randomUUID(),
): ModeratedResult {
  const status: Record<string, 0 | 1> = {};
  for (const tag of item.tags) status[tag.name] = tag.selected ? 1 : 0;
  const custom = (item.customTag ?? '').trim();
  // The contract's type (a 0/1 record intersected with an optional string 'additional') cannot
  // be built without a cast: TypeScript checks 'additional' against the index signature too.
  const moderatedStatus = (
    custom ? { ...status, additional: custom } : status
  ) as ModeratedResult['moderated_status'];
  return {
    content_id: item.id,
    moderated_status: moderatedStatus,
    moderated_time: now.toISOString(),
    inbound_time: item.inboundTime,
    subscriber_id: item.subscriber_id,
    user_id: user.id,
    total_contents: totalContents,
    username: user.username,
    is_batch_moderator: user.is_batch_moderator,
    idempotency_key: makeKey(),
  };
}
