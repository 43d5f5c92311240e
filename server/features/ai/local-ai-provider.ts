import { SAFE_TAG, type AiInput, type AiProvider, type AiSuggestion } from './ai-provider';

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
      const started = performance.now();
      const matched: string[] = [];
      const reasons: string[] = [];
      for (const tag of input.tags) {
        const words = (input.wordLists[tag] ?? []).filter((word) => word.trim() !== '');
        const hits = words.filter((word) => patternFor(word).test(input.content));
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
