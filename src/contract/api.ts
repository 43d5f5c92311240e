import { z } from 'zod';

/**
 * The envelope of every JSON answer. Success carries `ok: true` and, for reads, `data`;
 * failure carries `ok: false`, a message a person can act on and, for bad input, the message of
 * each bad field.
 */
export const ERROR_CODES = [
  /** The request was malformed (not JSON, wrong content type). */
  'bad_request',
  /** A field is missing or wrong; `fields` names each. */
  'validation',
  /** No session: sign in. */
  'unauthenticated',
  /** Signed in, but the permission is missing. */
  'forbidden',
  /** Signed in with a one-time password: only choosing one's own password is open. */
  'password_change_required',
  /** The role requires two-factor sign-in and it is not set up: only its setup is open. */
  'two_factor_required',
  /** The page's CSRF token is missing or stale: fetch a fresh one and retry once. */
  'csrf',
  'not_found',
  /** It existed but is no longer usable (an expired or already used reset link). */
  'gone',
  /** The change clashes with what is stored (a duplicate name, a role in use, already done). */
  'conflict',
  /** An Idempotency-Key already used for a request with another body. */
  'idempotency_key_reused',
  'payload_too_large',
  /** An upload whose bytes are not a kind of file the server takes. */
  'unsupported_media_type',
  /** Too many attempts; `Retry-After` says when to try again. */
  'rate_limited',
  /** The server or its database is briefly unavailable, or in maintenance. */
  'unavailable',
  /** A fault on the server; it is logged there. */
  'server',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code a status means when the server gives no more specific one. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation';
    case 429:
      return 'rate_limited';
    // 408 and 425: the request came too slowly or too early; the same request later will do.
    case 408:
    case 425:
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'server' : 'bad_request';
  }
}

export const ApiFailureSchema = z.object({
  ok: z.literal(false),
  /** What the client branches on; never the English message. */
  code: z.enum(ERROR_CODES),
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
/**
 * A meta tag the server adds to index.html when the page was asked for without a valid session
 * (content `none`): the console's first look for the signed-in user then needs no call, whose 401
 * the browser would print to its console on every visit to the sign-in page.
 */
export const SESSION_META_NAME = 'session-state';
