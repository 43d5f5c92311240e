import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../../../src/contract/two-factor';
import { PRODUCT_NAME } from '../../../src/contract/routes';

/**
 * The TOTP arithmetic (RFC 6238) and the recovery codes, with no storage. A code is checked one
 * step either side of now (phones drift), and answers the step it belongs to, so the caller can
 * refuse any step not newer than the last one accepted: each code works once.
 */
function totpOf(secret: string, username = ''): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** 160 random bits in base32, the size RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

export async function qrSvg(uri: string): Promise<string> {
  // Black on white with a quiet zone: scanners need the contrast in either console theme.
  return QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** The 30-second step `code` belongs to (now ± 1), or undefined when it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now }) + delta;
}

/** Letters and digits that cannot be mistaken for each other when copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of two groups of five (about 49 bits each), e.g. `k7fp3-xqzar`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  return Array.from({ length: count }, () => {
    let text = '';
    // Rejection sampling: bytes above the largest multiple of the alphabet size would bias it.
    while (text.length < 10) {
      for (const byte of randomBytes(16)) {
        if (byte < limit && text.length < 10)
          text += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
      }
    }
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** A recovery code as stored and compared: no dashes or spaces, lower case. */
export function normalRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}
