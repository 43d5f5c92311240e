/**
 * The sandbox's samples as moderation cards: a sample of the contract becomes the item the
 * moderation screen's ContentCard shows (the same viewer, AI panel and tag chips), with the
 * selections the person made so far. Pure: no React, no I/O.
 */
import {
  summarize,
  type DecisionBody,
  type SampleItem,
  type SampleSetSummary,
  type SandboxResult,
  type Verdict,
} from '../../contract/demo';
import type { ModerationItem } from '../moderation/moderation-rules';

/** What a person chose on one card before submitting it. */
export interface Selection {
  tags: readonly string[];
  customTag: string | null;
}

export const NO_SELECTION: Selection = { tags: [], customTag: null };

export function toModerationItem(
  sample: SampleItem,
  set: SampleSetSummary,
  options: {
    /** The card's service line: the brand, or the sample set on /trial-page. */
    serviceName: string;
    /** Where the page is served from: sample pictures are paths on this server. */
    origin: string;
    now: Date;
    selection?: Selection | undefined;
    submitError?: string | null;
  },
): ModerationItem {
  const selection = options.selection ?? NO_SELECTION;
  const arrived = new Date(options.now.getTime() - sample.age_minutes * 60_000).toISOString();
  return {
    id: sample.id,
    service: options.serviceName,
    subscriber: sample.subscriber,
    subscriber_id: sample.subscriber_id,
    user_id: sample.user_id,
    username: sample.username,
    notes: sample.notes,
    message_type: sample.message_type,
    content:
      sample.message_type === 'image'
        ? new URL(sample.content, options.origin).href
        : sample.content,
    file_url: null,
    bound_time: arrived,
    tags: set.tags.map((tag) => ({ name: tag.name, selected: selection.tags.includes(tag.name) })),
    customTag: selection.customTag,
    // The reference of some samples is "no tags": submitting none has to be possible.
    submit_without_tags: 'yes',
    enable_dynamic_tags: 'yes',
    content_additional_details: { sample: sample.title, ...sample.details },
    ai_moderated_status: sample.ai?.tags ?? null,
    ai_response_time: sample.ai?.response_time ?? null,
    ai_other_details: sample.ai ? { reasoning: sample.ai.reasoning } : null,
    // Shown at once: a sample has no media log or moderated time to record.
    loaded: true,
    inboundTime: arrived,
    submitError: options.submitError ?? null,
  };
}

export function toggleTag(selection: Selection, name: string): Selection {
  return {
    ...selection,
    tags: selection.tags.includes(name)
      ? selection.tags.filter((tag) => tag !== name)
      : [...selection.tags, name],
  };
}

export function decisionOf(sampleId: number, selection: Selection): DecisionBody {
  return { sample_id: sampleId, tags: [...selection.tags], custom_tag: selection.customTag };
}

/** The result with one more verdict (a sample decided again keeps its first verdict). */
export function withVerdict(result: SandboxResult, verdict: Verdict): SandboxResult {
  if (result.verdicts.some((known) => known.sample_id === verdict.sample_id)) return result;
  const verdicts = [...result.verdicts, verdict];
  return { verdicts, summary: summarize(verdicts, result.summary.total) };
}

export function emptyResult(total: number): SandboxResult {
  return { verdicts: [], summary: summarize([], total) };
}
