import type { MessageType } from '../../../src/contract/content';

/**
 * AI suggestions for one content item (SPEC §3): suggested tag names (['SAFE'] means none), the
 * response time in seconds and reasoning text. Providers sit behind this one interface: the
 * built-in local one (offline, inline at ingest) and, later, HTTP ones that answer
 * asynchronously through a worker (items then wait in ai_state 'pending'; claims pass over them
 * only for AI_WAIT_SECONDS, so an operator never waits on AI forever).
 */
export interface AiInput {
  messageType: MessageType;
  content: string;
  fileUrl: string | null;
  /** The service's tag options: a provider suggests only these (or SAFE). */
  tags: readonly string[];
  /** The service's word lists per tag, for the local provider. */
  wordLists: Readonly<Record<string, readonly string[]>>;
}

export interface AiSuggestion {
  tags: string[];
  responseTimeSeconds: number;
  reasoning: string;
}

export interface AiProvider {
  readonly name: string;
  /**
   * inline: `suggest` is cheap and runs during ingest; otherwise items are stored with
   * ai_state 'pending' and a worker asks the provider.
   */
  readonly inline: boolean;
  /** null: this provider has no answer for the item (the UI shows 'No AI Response'). */
  suggest(input: AiInput): Promise<AiSuggestion | null>;
}

export const SAFE_TAG = 'SAFE';
