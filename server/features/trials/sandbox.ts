import {
  DEMO_TEXTS,
  aiTagNames,
  compareTags,
  type Sandbox,
  type SampleItem,
  type SampleSetSummary,
  type Verdict,
} from '../../../src/contract/demo';
import { HttpError } from '../../http/errors';
import type { AiProvider } from '../ai/ai-provider';
import { createLocalAiProvider } from '../ai/local-ai-provider';
import { samplePicturePath } from './sample-pictures';
import type { SampleDefinition, SampleSetDefinition } from './sample-sets';

/**
 * A sample set as the sandbox shows it, and decisions compared with its references. The same
 * rules serve the demo role's private sandbox and the public trial pages.
 *
 * The AI answers of text samples come from the built-in provider with the set's word lists, the
 * way demo mode's items get theirs; it is its own instance, so these answers are not counted
 * among the calls /aiservices reports. Pictures carry a recorded answer (sample-sets.ts).
 */
export type SampleAi = NonNullable<SampleItem['ai']>;

export class SampleSandbox {
  private readonly answers = new Map<number, Promise<SampleAi | null>>();

  constructor(private readonly provider: AiProvider = createLocalAiProvider()) {}

  summary(set: SampleSetDefinition): SampleSetSummary {
    return {
      id: set.id,
      title: set.title,
      description: set.description,
      tags: set.tags,
      size: set.samples.length,
    };
  }

  /** The AI's answer for a sample, asked once per process. */
  aiAnswer(set: SampleSetDefinition, sample: SampleDefinition): Promise<SampleAi | null> {
    let answer = this.answers.get(sample.id);
    if (!answer) {
      answer = this.ask(set, sample);
      this.answers.set(sample.id, answer);
    }
    return answer;
  }

  private async ask(set: SampleSetDefinition, sample: SampleDefinition): Promise<SampleAi | null> {
    if (sample.recordedAi) {
      const { tags, seconds, reasoning } = sample.recordedAi;
      return { tags, response_time: seconds, reasoning };
    }
    if (sample.text === undefined) return null;
    const suggestion = await this.provider.suggest({
      messageType: 'text',
      content: sample.text,
      fileUrl: null,
      tags: set.tags.map((tag) => tag.name),
      wordLists: set.wordLists,
    });
    return suggestion
      ? {
          tags: suggestion.tags,
          response_time: suggestion.responseTimeSeconds,
          reasoning: suggestion.reasoning,
        }
      : null;
  }

  async sandbox(set: SampleSetDefinition): Promise<Sandbox> {
    const items = await Promise.all(
      set.samples.map(async (sample): Promise<SampleItem> => ({
        id: sample.id,
        title: sample.title,
        message_type: sample.picture ? 'image' : 'text',
        content: sample.picture ? samplePicturePath(sample.id) : (sample.text ?? ''),
        subscriber: sample.subscriber,
        subscriber_id: sample.subscriber.toLowerCase().replace(/\s+/g, '-'),
        user_id: sample.userId,
        username: sample.username,
        notes: sample.notes,
        age_minutes: sample.ageMinutes,
        details: sample.details,
        ai: await this.aiAnswer(set, sample),
      })),
    );
    return { set: this.summary(set), items };
  }

  /** The decision checked against the set: a sample of it, and only its tags (else 422). */
  checkDecision(
    set: SampleSetDefinition,
    body: { sample_id: number; tags: string[] },
  ): SampleDefinition {
    const sample = set.samples.find((candidate) => candidate.id === body.sample_id);
    if (!sample) {
      const message = DEMO_TEXTS.unknownSample(body.sample_id);
      throw new HttpError(422, message, { sample_id: message });
    }
    const offered = new Set(set.tags.map((tag) => tag.name));
    const unknown = body.tags.filter((tag) => !offered.has(tag));
    if (unknown.length > 0) {
      const message = DEMO_TEXTS.unknownTags(unknown);
      throw new HttpError(422, message, { tags: message });
    }
    return sample;
  }

  async verdict(
    set: SampleSetDefinition,
    sample: SampleDefinition,
    decision: { tags: readonly string[]; custom_tag: string | null },
    decidedAt: Date,
  ): Promise<Verdict> {
    // The set's own order, whatever order the tags came in.
    const order = set.tags.map((tag) => tag.name);
    const tags = order.filter((name) => decision.tags.includes(name));
    const reference = sample.reference.tags;
    const ai = aiTagNames((await this.aiAnswer(set, sample))?.tags);
    const { agreement, missed, extra } = compareTags(tags, reference);
    return {
      sample_id: sample.id,
      tags,
      custom_tag: decision.custom_tag,
      reference_tags: reference,
      ai_tags: ai,
      agreement,
      missed,
      extra,
      ai_agreement: ai === null ? null : compareTags(ai, reference).agreement,
      reasoning: sample.reference.reasoning,
      decided_at: decidedAt.toISOString(),
    };
  }
}
