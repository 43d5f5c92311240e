import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session ids, reset tokens, API tokens. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only hashes of secrets are stored; a high-entropy secret needs no salt or slow hash. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const READABLE = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A one-time password an administrator passes on: four groups of five readable characters
 * (about 114 bits), e.g. `k7Fp3-xQzaR-...`. The user must replace it at their first sign-in.
 */
export function newOneTimePassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < 4; group += 1) {
    let text = '';
    // Rejection sampling: bytes above the largest multiple of the alphabet size would bias it.
    const limit = 256 - (256 % READABLE.length);
    while (text.length < 5) {
      for (const byte of randomBytes(8)) {
        if (byte < limit && text.length < 5) text += READABLE[byte % READABLE.length];
      }
    }
    groups.push(text);
  }
  return groups.join('-');
}
