/**
 * Preloaded into a bench's server child (`--import`, see startBenchServer's `probe`), never part
 * of the server: it samples the server's own event-loop delay with perf_hooks and answers over
 * the child's IPC channel. The bench sends `reset` to start a measurement window and `read` to
 * end it; the answer holds the window's delay percentiles and the process's memory after a full
 * garbage collection.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { GcPauses, ProbeReading, ProbeRequest } from './bench-server';

/**
 * The histogram's sampling timer. What it records is the time between two of its ticks, so the
 * delay is that minus this (an idle loop reads about 0).
 */
const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

const delayMs = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

/**
 * The window's highest RSS, with the rest of process.memoryUsage() at that moment: the RSS after
 * a full collection leaves out the garbage and the heap V8 keeps committed, which the peak holds.
 */
const PEAK_SAMPLE_MS = 100;
let peak = process.memoryUsage();
setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss > peak.rss) peak = now;
}, PEAK_SAMPLE_MS).unref();

/** The event-loop delay target of the sockets bench: a pause this long alone misses it. */
const SLOW_PAUSE_MS = 50;

/**
 * The window's garbage-collection pauses, from V8's own timings: beside the delay they tell
 * whether the slow turns of the loop were collections or work.
 */
const noPauses = (): GcPauses => ({
  count: 0,
  totalMs: 0,
  maxMs: 0,
  slowCount: 0,
  majorCount: 0,
  majorMaxMs: 0,
});
let pauses = noPauses();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
    const major = detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
    pauses.count += 1;
    pauses.totalMs += entry.duration;
    pauses.maxMs = Math.max(pauses.maxMs, entry.duration);
    if (entry.duration >= SLOW_PAUSE_MS) pauses.slowCount += 1;
    if (major) {
      pauses.majorCount += 1;
      pauses.majorMaxMs = Math.max(pauses.majorMaxMs, entry.duration);
    }
  }
}).observe({ entryTypes: ['gc'] });

process.on('message', (message: ProbeRequest) => {
  if (message.probe === 'reset') {
    histogram.reset();
    pauses = noPauses();
    peak = process.memoryUsage();
    process.send?.({ probe: 'reset-done' });
    return;
  }
  if (message.probe === 'read') {
    const delay = {
      p50Ms: delayMs(histogram.percentile(50)),
      p99Ms: delayMs(histogram.percentile(99)),
      maxMs: delayMs(histogram.max),
      samples: histogram.count,
      gc: { ...pauses },
    };
    // The window's delays are taken; a full collection now leaves the heap the sockets hold,
    // not the garbage of the last few seconds (needs --expose-gc, which startBenchServer sets).
    (globalThis as { gc?: () => void }).gc?.();
    const reading: ProbeReading = {
      probe: 'reading',
      ...delay,
      memory: process.memoryUsage(),
      peak,
    };
    process.send?.(reading);
  }
});
// The channel must not keep a server alive that is asked to stop.
process.channel?.unref();
