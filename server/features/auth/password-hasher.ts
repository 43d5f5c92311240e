import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../../http/errors';

/**
 * scrypt at the OWASP Password Storage Cheat Sheet parameters (N=2^17, r=8, p=1), stored as
 * `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking old hashes.
 */
export const DEFAULT_PASSWORD_HASH_LOG_N = 17;
const PARAMS = { N: 2 ** DEFAULT_PASSWORD_HASH_LOG_N, r: 8, p: 1 };

/**
 * The cost of new hashes (log2 of N). Only test runs lower it, so that hundreds of sign-ins do
 * not spend the run in scrypt; the configuration refuses a lower cost in production. A stored
 * hash keeps its own N, so hashes of either cost verify whatever the current setting.
 */
export function setPasswordHashCost(logN: number): void {
  PARAMS.N = 2 ** logN;
}
const KEY_LENGTH = 32;

/**
 * Lets `limit` tasks run at once and `queue` more wait their turn; beyond that it refuses at once
 * rather than queue without bound.
 */
export class BoundedSemaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queue: number,
  ) {}

  /** Resolves with a release function, or answers undefined when even the queue is full. */
  async acquire(): Promise<(() => void) | undefined> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next();
      else this.running -= 1;
    };
  }

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * Every scrypt takes 128 MiB and a libuv thread for about half a second. Two at once leave the
 * other threads of the pool to file and DNS work; a burst of sign-ins waits in a short queue, and
 * what does not fit is answered 429 instead of piling up memory and latency for everyone.
 */
export const passwordHashSlots = new BoundedSemaphore(2, 16);

export const SERVER_BUSY_MESSAGE =
  'The server is busy signing other people in. Try again in a moment.';

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const releaseSlot = await passwordHashSlots.acquire();
  if (!releaseSlot) throw new HttpError(429, SERVER_BUSY_MESSAGE, undefined, 'rate_limited', 1);
  try {
    return await scryptKey(password, salt, options);
  } finally {
    releaseSlot();
  }
}

function scryptKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 1) * (options.r ?? 8) * (options.p ?? 1) + 32 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that never matches, verified when the user does not exist so timing reveals nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    // Refused (server busy): the next sign-in makes it, rather than every one failing.
    decoy = undefined;
    throw error;
  });
  return decoy;
}
