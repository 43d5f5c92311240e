import { z } from 'zod';

/**
 * Building blocks for request schemas, so every endpoint refuses the same bad input the same
 * way, with a 422 naming the field, before anything reaches the database:
 * - ids are positive 32-bit integers (PostgreSQL `integer`; 2^31 and above would be a 500);
 * - text never holds NUL (PostgreSQL cannot store it) or a lone UTF-16 surrogate (not valid
 *   UTF-8), and has a length limit;
 * - dates are ISO 8601 within years 1970 to 9999, which PostgreSQL's timestamptz stores.
 */
export const MAX_INT32 = 2_147_483_647;

export function idSchema(what = 'id') {
  return z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive number`)
    .max(MAX_INT32, `${what} is too large`);
}

/** Content ids are bigint: any positive whole number JavaScript holds exactly. */
export function contentIdSchema(what: string) {
  // Too large first: past the safe range the whole-number check fails too, and the first
  // message is the one shown.
  return z.coerce
    .number({ error: `${what} must be a number` })
    .max(Number.MAX_SAFE_INTEGER, `${what} is too large`)
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive number`);
}

/** An id inside a JSON body: a number as sent (no coercion), in PostgreSQL `integer` range. */
export function bodyIdSchema(what = 'id') {
  return z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive number`)
    .max(MAX_INT32, `${what} is too large`);
}

// Matches a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export function textSchema(max: number, what = 'This field') {
  return z
    .string({ error: `${what} must be text` })
    .max(max, `${what} must be at most ${max} characters`)
    .refine((value) => !hasUnstorableCharacters(value), {
      message: `${what} contains characters that cannot be stored (NUL or broken Unicode)`,
    });
}

const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

/** An instant as ISO 8601 text (the query string form), parsed to a Date. */
export function isoDateSchema(what = 'date') {
  return z
    .string({ error: `${what} must be a date` })
    .max(40, `${what} must be an ISO 8601 date`)
    .transform((value, context) => {
      const time = Date.parse(value);
      if (Number.isNaN(time) || time < MIN_TIME || time > MAX_TIME) {
        context.addIssue({
          code: 'custom',
          message: `${what} must be an ISO 8601 date between 1970 and 9999`,
        });
        return z.NEVER;
      }
      return new Date(time);
    });
}

/** An instant kept as the ISO 8601 text it was sent as, within the years timestamptz stores. */
export function isoDateTextSchema(what = 'date') {
  return z
    .string({ error: `${what} must be a date` })
    .max(40, `${what} must be an ISO 8601 date`)
    .refine(
      (value) => {
        const time = Date.parse(value);
        return !Number.isNaN(time) && time >= MIN_TIME && time <= MAX_TIME;
      },
      { message: `${what} must be an ISO 8601 date between 1970 and 9999` },
    );
}

/** Bytes of a string in UTF-8 (a surrogate pair is 4 bytes: 2 UTF-16 units of 2 each). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xe000 ? 2 : 3;
  }
  return bytes;
}

/**
 * Why a free-form JSON value (stored as jsonb) cannot be taken, or null when it can: larger than
 * `maxBytes` as JSON text, nested deeper than `maxDepth`, or holding a key or string with NUL or
 * a lone surrogate (jsonb refuses both). Walks the value without recursion.
 */
export function jsonValueProblem(
  value: unknown,
  limits: { maxBytes: number; maxDepth: number },
): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (hasUnstorableCharacters(current)) {
        return 'contains characters that cannot be stored (NUL or broken Unicode)';
      }
    } else if (current !== null && typeof current === 'object') {
      if (depth > limits.maxDepth) return `is nested deeper than ${limits.maxDepth} levels`;
      const entries = Array.isArray(current)
        ? current.map((item): [string, unknown] => ['', item])
        : Object.entries(current);
      for (const [key, item] of entries) {
        if (hasUnstorableCharacters(key)) {
          return 'contains characters that cannot be stored (NUL or broken Unicode)';
        }
        stack.push([item, depth + 1]);
      }
    }
  }
  const bytes = utf8Length(JSON.stringify(value) ?? '');
  if (bytes > limits.maxBytes) {
    return `is too large: at most ${Math.floor(limits.maxBytes / 1024)} KB of JSON is accepted`;
  }
  return null;
}

/** Turns a zod error into one message per field, the first issue of each; '' for the root. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      // A strict schema's unknown keys (a misspelt filter): each named, as the client sent it,
      // with the schema's own message when it has one (zod's default says less).
      const own = issue.message.startsWith('Unrecognized key') ? null : issue.message;
      for (const key of issue.keys) {
        fields[name ? `${name}.${key}` : key] ??= own ?? `${key} is not a known parameter`;
      }
      continue;
    }
    fields[name || 'body'] ??= issue.message;
  }
  return fields;
}

/**
 * One sentence naming each bad field, for a notice. A message that already names its field
 * ('page must be a number', 'Service is required' for service_id) is used as it is; others
 * (zod's own texts) get the field's path in front.
 */
export function describeFieldErrors(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, text]) => {
      const firstWord = (name.split('.').pop() ?? name).split('_')[0]?.toLowerCase() ?? '';
      const named = name === 'body' || text.toLowerCase().includes(firstWord);
      return named ? text : `${name}: ${text}`;
    })
    .join('; ');
}
