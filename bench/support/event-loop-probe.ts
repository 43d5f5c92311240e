/**
 * Preloaded into a bench's server child (`--import`, see startBenchServer's `probe`), never part
 * of the server: it samples the server's own event-loop delay with perf_hooks and answers over
 * the child's IPC channel. The bench sends `reset` to start a measurement window and `read` to
 * end it; the answer holds the window's delay percentiles and the process's memory after a full
 * garbage collection.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProbeReading, ProbeRequest } from './bench-server';

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

process.on('message', (message: ProbeRequest) => {
  if (message.probe === 'reset') {
    histogram.reset();
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
