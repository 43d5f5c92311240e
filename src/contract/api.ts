import { z } from 'zod';

/**
 * The envelope of every JSON answer. Success carries `ok: true` and, for reads, `data`;
 * failure carries `ok: false`, a message a person can act on and, for bad input, the message of
 * each bad field.
 */
export const ApiFailureSchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiFailure = z.infer<typeof ApiFailureSchema>;

export function okData<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}

export const OkSchema = z.object({ ok: z.literal(true) });

/** Header names of SPEC §7: every call carries both. */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
export const CSRF_HEADER = 'x-csrf-token';
/** The meta tag in the served index.html that carries the CSRF token. */
export const CSRF_META_NAME = 'csrf-token';
