import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './callback-guard';

/**
 * One HTTP POST of a webhook, connected only to addresses the callback guard checked (the
 * request's own DNS lookup is replaced by them). Answers what happened; never throws.
 */
export interface SendResult {
  ok: boolean;
  /** The HTTP status as text, or an error code: TIMEOUT, ECONNREFUSED, ... */
  code: string;
  /** The start of the response body, or the error message. */
  response: string;
  /** The HTTP status when an answer came, else null. */
  statusCode: number | null;
  /** The answer's Retry-After header, when it had one. */
  retryAfter?: string;
  /** From the start of the request to the end of the answer (or the error). */
  latencyMs: number;
}

/** What of a receiver's answer is kept (dashboard previews need far less). */
export const RESPONSE_KEEP_BYTES = 2_048;

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0];
    if (!first) {
      callback(new Error('no checked address'), '', 4);
      return;
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, [...addresses]);
      return;
    }
    callback(null, first.address, first.family);
  };
}

export function sendWebhook(options: {
  url: URL;
  addresses: readonly ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<SendResult> {
  const transport = options.url.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (
      result: Omit<SendResult, 'latencyMs' | 'statusCode'> & { statusCode?: number },
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        ...result,
        statusCode: result.statusCode ?? null,
        latencyMs: Math.round(performance.now() - started),
      });
    };
    const request = transport.request(
      options.url,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'moderation-console-webhooks/1',
        },
        lookup: pinnedLookup(options.addresses),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const retryAfter = response.headers['retry-after'];
          finish({
            ok: status >= 200 && status < 300,
            code: String(status),
            statusCode: status,
            response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP_BYTES),
            ...(retryAfter ? { retryAfter } : {}),
          });
        });
        response.on('error', (error) =>
          finish({ ok: false, code: 'ERESPONSE', response: error.message }),
        );
      },
    );
    // The deadline covers connecting, sending and reading the whole answer.
    const timer = setTimeout(() => {
      finish({
        ok: false,
        code: 'TIMEOUT',
        response: `no complete answer within ${options.timeoutMs} ms`,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, code: error.code ?? 'ERROR', response: error.message }),
    );
    request.end(options.body);
  });
}
