/**
 * Preloaded into a bench's server child (`--import`, see startBenchServer's `probe`), never part
 * of the server: it samples the server's own event-loop delay with perf_hooks and answers over
 * the child's IPC channel. The bench sends `reset` to start a measurement window and `read` to
 * end it; the answer holds the window's delay percentiles and the process's heap.
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

process.on('message', (message: ProbeRequest) => {
  if (message.probe === 'reset') {
    histogram.reset();
    process.send?.({ probe: 'reset-done' });
    return;
  }
  if (message.probe === 'read') {
    const reading: ProbeReading = {
      probe: 'reading',
      p50Ms: delayMs(histogram.percentile(50)),
      p99Ms: delayMs(histogram.percentile(99)),
      maxMs: delayMs(histogram.max),
      samples: histogram.count,
      memory: process.memoryUsage(),
    };
    process.send?.(reading);
  }
});
// The channel must not keep a server alive that is asked to stop.
process.channel?.unref();
