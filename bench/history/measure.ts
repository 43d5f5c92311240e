/**
 * Timing the screens' calls over HTTP as the console makes them (session cookie, the
 * X-Requested-With header), and watching the server process while they run.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../../src/contract/api';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** CPU seconds a process has used (Linux /proc; undefined elsewhere). */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MB (Linux /proc; undefined elsewhere). */
export function rssMbOf(pid: number | undefined): number | undefined {
  try {
    const line = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface HttpSession {
  baseUrl: string;
  cookie: string;
}

function headersOf(session: HttpSession): Record<string, string> {
  return { cookie: session.cookie, [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
}

/** The server's answer for a path it has no route for (server/http/errors.ts). */
function isMissingRoute(status: number, text: string): boolean {
  return status === 404 && text.includes('No such endpoint');
}

export type CallOutcome =
  | { kind: 'ok'; ms: number; body: unknown }
  /** The route does not exist in this build (a screen not merged yet). */
  | { kind: 'missing' }
  | { kind: 'failed'; status: number; message: string }
  | { kind: 'timeout'; ms: number };

/** One GET, timed from request to the last byte of the parsed answer. */
export async function getJson(
  session: HttpSession,
  path: string,
  timeoutMs: number,
): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, session.baseUrl), {
      headers: headersOf(session),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (isMissingRoute(response.status, text)) return { kind: 'missing' };
    if (!response.ok)
      return { kind: 'failed', status: response.status, message: text.slice(0, 300) };
    return { kind: 'ok', ms, body: JSON.parse(text) as unknown };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return { kind: 'timeout', ms: performance.now() - started };
    }
    throw error;
  }
}

export interface Timing {
  outcome: CallOutcome;
  samples: number[];
  /** The first answer, to show what the call returned. */
  body: unknown;
}

/**
 * `warmups` untimed calls, then up to `runs` timed ones, stopping early once `budgetMs` of timed
 * calls is spent. A warm-up slower than `slowMs` counts as a run: a query of seconds gains
 * nothing from a warm cache, and the bench's time is bounded. Any non-success ends it.
 */
export async function timeCall(
  session: HttpSession,
  path: string,
  options: { runs: number; warmups: number; timeoutMs: number; budgetMs: number; slowMs: number },
): Promise<Timing> {
  let body: unknown;
  const samples: number[] = [];
  for (let n = 0; n < options.warmups; n += 1) {
    const outcome = await getJson(session, path, options.timeoutMs);
    if (outcome.kind !== 'ok') return { outcome, samples: [], body };
    body ??= outcome.body;
    if (outcome.ms > options.slowMs) {
      samples.push(outcome.ms);
      break;
    }
  }
  let spent = samples.reduce((sum, ms) => sum + ms, 0);
  let last: CallOutcome = { kind: 'ok', ms: 0, body };
  while (samples.length < options.runs && spent <= options.budgetMs) {
    last = await getJson(session, path, options.timeoutMs);
    if (last.kind !== 'ok') return { outcome: last, samples: samples.sort((a, b) => a - b), body };
    body ??= last.body;
    samples.push(last.ms);
    spent += last.ms;
  }
  return { outcome: last, samples: samples.sort((a, b) => a - b), body };
}

export interface CsvTiming {
  outcome: CallOutcome;
  rows: number;
  seconds: number;
  rssBeforeMb?: number;
  rssPeakMb?: number;
  rssAfterMb?: number;
}

/**
 * Streams a CSV download, counting its records as they arrive (the header aside), while the
 * server's resident memory is sampled every 100 ms.
 */
export async function timeCsv(
  session: HttpSession,
  path: string,
  serverPid: number | undefined,
  timeoutMs: number,
): Promise<CsvTiming> {
  const rssBeforeMb = rssMbOf(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    const rss = rssMbOf(serverPid);
    if (rss !== undefined && (rssPeakMb === undefined || rss > rssPeakMb)) rssPeakMb = rss;
  }, 100);
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, session.baseUrl), {
      headers: headersOf(session),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok || !response.body) {
      const text = await response.text();
      const outcome: CallOutcome = isMissingRoute(response.status, text)
        ? { kind: 'missing' }
        : { kind: 'failed', status: response.status, message: text.slice(0, 300) };
      return { outcome, rows: 0, seconds: 0 };
    }
    // Records, not lines: a quoted field may hold a line break ("" inside quotes toggles twice).
    let lines = 0;
    let quoted = false;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value: bytes } = await reader.read();
      if (done) break;
      for (let n = 0; n < bytes.length; n += 1) {
        if (bytes[n] === 34) quoted = !quoted;
        else if (bytes[n] === 10 && !quoted) lines += 1;
      }
    }
    const ms = performance.now() - started;
    return {
      outcome: { kind: 'ok', ms, body: undefined },
      rows: Math.max(0, lines - 1),
      seconds: ms / 1000,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb: rssMbOf(serverPid),
    };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return { outcome: { kind: 'timeout', ms: performance.now() - started }, rows: 0, seconds: 0 };
    }
    throw error;
  } finally {
    clearInterval(sampler);
  }
}
