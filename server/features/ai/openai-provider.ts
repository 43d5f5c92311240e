import { z } from 'zod';
import { checkCallbackUrl, type Resolver } from '../delivery/callback-guard';
import { SAFE_TAG, type AiInput, type AiProvider, type AiSuggestion } from './ai-provider';

/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Azure-style gateways, vLLM, Ollama,
 * LiteLLM ...). It is not inline: the AI worker (ai-worker.ts) asks it for items stored with
 * ai_state 'pending', retries failures and records them. One call is one HTTP request with a
 * deadline; a failure throws AiProviderError with a short status and the response text, which
 * the worker keeps for the 'Failed Ai Moderate' table.
 *
 * Text items are sent as the user message; image items as an image_url content part, but only
 * when the image URL passes the same SSRF guard as result callbacks: the provider fetches that
 * URL, and a provider inside our network must not be pointed at internal addresses. A refused
 * URL is a failure ('refused_url') recorded like any other. Other
 * types get no answer (null: 'No AI Response'). The model must answer a JSON object
 * {"tags": [...], "reasoning": "..."}; tags outside the service's list are dropped, and no tag
 * means SAFE.
 */
export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** Allow image URLs on loopback, private and link-local addresses (off by default). */
  allowPrivateImageUrls?: boolean;
  /** For tests. */
  fetch?: typeof fetch;
  /** For tests: the DNS lookup of image URL hosts. */
  resolve?: Resolver;
}

export class AiProviderError extends Error {
  constructor(
    /** timeout, network, http_<status>, invalid_answer */
    readonly aiStatus: string,
    /** What came back (or the error), cut to a few KB. */
    readonly response: string,
  ) {
    super(`${aiStatus}: ${response.slice(0, 200)}`);
  }
}

const RESPONSE_KEEP_CHARS = 4_000;

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const AnswerSchema = z.object({
  tags: z.array(z.string()).default([]),
  reasoning: z.string().default(''),
});

function systemPrompt(tags: readonly string[]): string {
  return [
    'You are a content moderation assistant.',
    `Decide which of these tags apply to the content: ${JSON.stringify(tags)}.`,
    'Answer only with a JSON object: {"tags": [tags from the list that apply], "reasoning": "one or two sentences"}.',
    'Use an empty tags list when none applies.',
  ].join(' ');
}

function userContent(input: AiInput) {
  if (input.messageType === 'image') {
    return [
      { type: 'text', text: 'Moderate this image.' },
      { type: 'image_url', image_url: { url: input.fileUrl ?? input.content } },
    ];
  }
  return input.content;
}

/** The JSON object in a model's answer, also when it wraps it in a code fence or prose. */
function extractJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in the answer');
  return JSON.parse(text.slice(start, end + 1));
}

/** Maps the model's tag names onto the service's ("Hate speech" -> hate_speech). */
function matchTags(answered: readonly string[], allowed: readonly string[]): string[] {
  const byKey = new Map(allowed.map((tag) => [tag.toLowerCase().replace(/[\s-]+/g, '_'), tag]));
  const picked = new Set<string>();
  for (const name of answered) {
    const tag = byKey.get(
      name
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    );
    if (tag) picked.add(tag);
  }
  return [...picked];
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: `openai:${options.model}`,
    inline: false,
    async suggest(input: AiInput): Promise<AiSuggestion | null> {
      if (input.messageType !== 'text' && input.messageType !== 'image') return null;
      if (input.messageType === 'image') {
        const verdict = await checkCallbackUrl(input.fileUrl ?? input.content, {
          allowPrivate: options.allowPrivateImageUrls ?? false,
          ...(options.resolve ? { resolve: options.resolve } : {}),
        });
        if (!verdict.ok) throw new AiProviderError('refused_url', verdict.reason);
      }
      const started = performance.now();
      let response: Response;
      let text: string;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: systemPrompt(input.tags) },
              { role: 'user', content: userContent(input) },
            ],
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new AiProviderError('timeout', `no answer within ${options.timeoutMs} ms`);
        }
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new AiProviderError(
          'network',
          cause?.code ?? cause?.message ?? (error as Error).message,
        );
      }
      const kept = text.slice(0, RESPONSE_KEEP_CHARS);
      if (!response.ok) throw new AiProviderError(`http_${response.status}`, kept);

      let answer: z.infer<typeof AnswerSchema>;
      try {
        const completion = CompletionSchema.parse(JSON.parse(text));
        answer = AnswerSchema.parse(extractJson(completion.choices[0]?.message.content ?? ''));
      } catch {
        throw new AiProviderError('invalid_answer', kept);
      }
      const tags = matchTags(answer.tags, input.tags);
      return {
        tags: tags.length > 0 ? tags : [SAFE_TAG],
        responseTimeSeconds: (performance.now() - started) / 1000,
        reasoning: answer.reasoning || 'The model gave no reasoning.',
      };
    },
  };
}
