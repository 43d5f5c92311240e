import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com). A service's secret is stored
 * as `whsec_<base64 key>`; the signature is `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`.
 * Secrets made before this format (a bare random string) are used as the key's UTF-8 bytes, which
 * is what `whsec_` + base64 of that string decodes to, so both spellings verify alike.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** A new secret in the Standard Webhooks form: 24 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The secret as a receiver configures it (always the `whsec_` form). */
export function displayWebhookSecret(secret: string): string {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret
    : `${WEBHOOK_SECRET_PREFIX}${Buffer.from(secret, 'utf8').toString('base64')}`;
}

function signingKey(secret: string): Buffer {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', signingKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}

/**
 * The `webhook-signature` header for one attempt: one `v1,` entry per secret, space-separated
 * (the Standard Webhooks form for several keys), so during a rotation a receiver configured with
 * either the new or the previous secret accepts the delivery.
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}

/**
 * Checks a `webhook-signature` header (space-separated `v1,<sig>` entries, any may match) and
 * that the timestamp is within `toleranceSeconds` of now.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  { toleranceSeconds = 300, now = Date.now() } = {},
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
