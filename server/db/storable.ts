/**
 * What PostgreSQL refuses to store, made storable. A text column cannot hold the NUL character
 * (22021), and jsonb refuses `\u0000` and unpaired UTF-16 surrogates (22P05). Text from outside
 * (a webhook receiver's answer, an AI provider's reasoning, an error message quoting either) may
 * carry them; writing it unchanged fails the whole statement, and a worker whose bookkeeping
 * statement fails leaves its row pending, to be tried, and fail, again forever. Each such
 * character becomes U+FFFD, the replacement character, so the rest of the text survives.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern is for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(value: string): string {
  return value.replace(UNSTORABLE, '\uFFFD');
}

/** The same for every string (keys included) inside a JSON-like value. */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => storableJson(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)]),
    ) as T;
  }
  return value;
}
