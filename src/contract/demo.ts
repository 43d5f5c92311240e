import { z } from 'zod';
import { OkSchema, okData } from './api';
import { CUSTOM_TAG_MAX_LENGTH } from './content';
import { defineEndpoint, needs } from './endpoint';
import { bodyIdSchema, textSchema } from './validation';

/**
 * The demo sandbox: sample content moderated the way the queue is (the same cards, tags and AI
 * suggestions), with every decision compared to a reference result. It is never the real queue:
 * samples live in the server's catalogue, a decision is never delivered to a service, and the
 * reference is revealed only in the answer to a decision, so it cannot be read beforehand.
 *
 * Two kinds of sandbox share this contract ("the demo client" with a base path):
 * - the demo role's private one, at /trial-page, under DEMO_BASE_PATH: its decisions are kept
 *   per user until a reset, and GET .../result compares all of them;
 * - a brand's public one, at /trial/<brand>, under `/api/trial/<brand>` (trials.ts): strangers'
 *   decisions are only counted for the brand's live counter; the page keeps its own results.
 */
export const DEMO_BASE_PATH = '/api/demo';

/** Tag names of a sample set; a decision names at most this many. */
export const MAX_DECISION_TAGS = 20;

export const SampleTagSchema = z.object({ name: z.string(), label: z.string() });
export type SampleTag = z.infer<typeof SampleTagSchema>;

export const SampleSetSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(SampleTagSchema),
  size: z.number().int(),
});
export type SampleSetSummary = z.infer<typeof SampleSetSummarySchema>;

/** A recorded AI answer (SPEC §3): suggested tag names (['SAFE'] for none), seconds, reasoning. */
export const SampleAiSchema = z.object({
  tags: z.array(z.string()),
  response_time: z.number(),
  reasoning: z.string(),
});

/** One sample item as the sandbox shows it: what a card needs, without the reference. */
export const SampleItemSchema = z.object({
  id: z.number().int(),
  /** A few words naming what the sample stands for ("Comment under a giveaway post"). */
  title: z.string(),
  message_type: z.enum(['text', 'image']),
  /** The text, or the path of the picture on this server (resolve it against the page). */
  content: z.string(),
  subscriber: z.string(),
  subscriber_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  notes: z.string().nullable(),
  /** How long ago the sample "arrived", so cards show a plausible arrival time. */
  age_minutes: z.number().int(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  ai: SampleAiSchema.nullable(),
});
export type SampleItem = z.infer<typeof SampleItemSchema>;

/** GET <base>/compact: the sandbox's sample set and its items. */
export const SandboxSchema = z.object({
  set: SampleSetSummarySchema,
  items: z.array(SampleItemSchema),
});
export type Sandbox = z.infer<typeof SandboxSchema>;

/** Tag names as sent: trimmed, without repeats. */
const decisionTagsSchema = z
  .array(textSchema(60, 'A tag name').trim().min(1, 'A tag name cannot be empty'), {
    error: 'tags must be a list of tag names',
  })
  .max(MAX_DECISION_TAGS, `Choose at most ${MAX_DECISION_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);

export const DecisionBodySchema = z.strictObject({
  sample_id: bodyIdSchema('sample_id'),
  tags: decisionTagsSchema,
  custom_tag: textSchema(CUSTOM_TAG_MAX_LENGTH, 'custom_tag')
    .trim()
    .nullish()
    .transform((value) => value || null),
});
export type DecisionBody = z.input<typeof DecisionBodySchema>;

export const AGREEMENTS = ['match', 'partial', 'differ'] as const;
export type Agreement = (typeof AGREEMENTS)[number];

/** A decision beside the reference result and the AI's suggestion. */
export const VerdictSchema = z.object({
  sample_id: z.number().int(),
  tags: z.array(z.string()),
  custom_tag: z.string().nullable(),
  reference_tags: z.array(z.string()),
  /** The AI's suggested tags, SAFE left out; null when the sample had no AI answer. */
  ai_tags: z.array(z.string()).nullable(),
  agreement: z.enum(AGREEMENTS),
  /** Tags of the reference the decision left out, and tags it added. */
  missed: z.array(z.string()),
  extra: z.array(z.string()),
  /** How the AI's suggestion compares with the same reference; null without an AI answer. */
  ai_agreement: z.enum(AGREEMENTS).nullable(),
  /** Why the reference decides as it does. */
  reasoning: z.string(),
  decided_at: z.string(),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export const SandboxSummarySchema = z.object({
  total: z.number().int(),
  reviewed: z.number().int(),
  matched: z.number().int(),
  partial: z.number().int(),
  differed: z.number().int(),
  /** Of the reviewed samples with an AI answer, how many the AI got exactly right. */
  ai_matched: z.number().int(),
  ai_answered: z.number().int(),
});
export type SandboxSummary = z.infer<typeof SandboxSummarySchema>;

/** GET <base>/result: every decision so far compared with its reference, and the totals. */
export const SandboxResultSchema = z.object({
  summary: SandboxSummarySchema,
  verdicts: z.array(VerdictSchema),
});
export type SandboxResult = z.infer<typeof SandboxResultSchema>;

export const DEMO_TEXTS = {
  unknownSample: (id: number) => `There is no sample ${id} in this sandbox: reload the page.`,
  unknownTags: (names: readonly string[]) =>
    `${names.length === 1 ? 'This tag is' : 'These tags are'} not offered for this sample: ${names.join(', ')}.`,
} as const;

/**
 * How a set of tags compares with the reference: `match` when they are the same set (no tags
 * for a sample the reference leaves untagged counts), `partial` when they share a tag, `differ`
 * otherwise. A custom tag never counts: the reference knows only the set's tags.
 */
export function compareTags(
  chosen: readonly string[],
  reference: readonly string[],
): { agreement: Agreement; missed: string[]; extra: string[] } {
  const picked = new Set(chosen);
  const expected = new Set(reference);
  const missed = reference.filter((tag) => !picked.has(tag));
  const extra = chosen.filter((tag) => !expected.has(tag));
  const shared = chosen.length - extra.length;
  const agreement: Agreement =
    missed.length === 0 && extra.length === 0 ? 'match' : shared > 0 ? 'partial' : 'differ';
  return { agreement, missed, extra };
}

/** The AI's tag names without SAFE (which means none); null stays null. */
export function aiTagNames(tags: readonly string[] | null | undefined): string[] | null {
  if (!tags) return null;
  return tags.filter((tag) => tag.trim() !== '' && tag.toUpperCase() !== 'SAFE');
}

/** The totals of a sandbox of `total` samples with these verdicts. */
export function summarize(verdicts: readonly Verdict[], total: number): SandboxSummary {
  const count = (agreement: Agreement) =>
    verdicts.filter((verdict) => verdict.agreement === agreement).length;
  const answered = verdicts.filter((verdict) => verdict.ai_agreement !== null);
  return {
    total,
    reviewed: verdicts.length,
    matched: count('match'),
    partial: count('partial'),
    differed: count('differ'),
    ai_matched: answered.filter((verdict) => verdict.ai_agreement === 'match').length,
    ai_answered: answered.length,
  };
}

/** The demo role's private sandbox (/trial-page). */
export const demoEndpoints = {
  compact: defineEndpoint({
    method: 'GET',
    path: `${DEMO_BASE_PATH}/compact`,
    access: needs('section_demo_moderation'),
    summary: "The demo sandbox's sample set and items (sample content, never the real queue)",
    response: okData(SandboxSchema),
  }),
  result: defineEndpoint({
    method: 'GET',
    path: `${DEMO_BASE_PATH}/result`,
    access: needs('section_demo_moderation'),
    summary: "Every decision in the caller's demo sandbox compared with the reference result",
    response: okData(SandboxResultSchema),
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: `${DEMO_BASE_PATH}/submit`,
    access: needs('section_demo_moderation'),
    summary:
      'Decides one sample of the demo sandbox and answers how it compares with the reference (never delivered)',
    body: DecisionBodySchema,
    response: okData(VerdictSchema),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: `${DEMO_BASE_PATH}/reset`,
    access: needs('section_demo_moderation'),
    summary: "Forgets every decision of the caller's demo sandbox, to start over",
    response: OkSchema,
  }),
};
