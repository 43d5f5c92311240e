import { setImmediate as nextTurn } from 'node:timers/promises';
import { SAFE_TAG, type AiInput, type AiProvider, type AiSuggestion } from './ai-provider';

/**
 * Bounds of the work per item, so one huge item (or a service with huge word lists) cannot hold
 * the event loop: only the start of the text is scanned, and only the first words of the lists.
 * Each scan is at most MAX_WORDS regex passes over MAX_SCANNED_CHARS characters.
 */
export const MAX_SCANNED_CHARS = 20_000;
export const MAX_WORDS = 500;

/**
 * The built-in provider: works offline and answers text only. A tag is suggested when one of its
 * configured words or phrases occurs in the text as a whole word, ignoring case; with no match
 * the answer is SAFE. Media get no answer unless another provider is configured.
 */
export function createLocalAiProvider(): AiProvider {
  const patterns = new Map<string, RegExp>();
  const patternFor = (word: string): RegExp => {
    let pattern = patterns.get(word);
    if (!pattern) {
      const escaped = word
        .trim()
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\s+/g, '\\s+');
      // \b is ASCII-only in JavaScript; letters and digits of any script delimit words here.
      pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'iu');
      patterns.set(word, pattern);
    }
    return pattern;
  };

  return {
    name: 'local',
    inline: true,
    async suggest(input: AiInput): Promise<AiSuggestion | null> {
      if (input.messageType !== 'text') return null;
      // Each item starts on its own turn of the event loop, so a batch of items lets other
      // requests and socket events run between them.
      await nextTurn();
      const started = performance.now();
      const matched: string[] = [];
      const reasons: string[] = [];
      const text = input.content.slice(0, MAX_SCANNED_CHARS);
      let budget = MAX_WORDS;
      for (const tag of input.tags) {
        if (budget <= 0) break;
        const words = (input.wordLists[tag] ?? [])
          .filter((word) => word.trim() !== '')
          .slice(0, budget);
        budget -= words.length;
        const hits = words.filter((word) => patternFor(word).test(text));
        if (hits.length > 0) {
          matched.push(tag);
          reasons.push(`${tag}: ${hits.map((word) => `'${word}'`).join(', ')}`);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      return matched.length > 0
        ? {
            tags: matched,
            responseTimeSeconds: seconds,
            reasoning: `Matched word lists: ${reasons.join('; ')}.`,
          }
        : {
            tags: [SAFE_TAG],
            responseTimeSeconds: seconds,
            reasoning: 'No word of any tag list occurs in the text.',
          };
    },
  };
}
