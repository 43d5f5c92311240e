/**
 * CPU and memory of a process over a stretch of a bench, read from Linux's /proc (elsewhere
 * nothing is read and the figures are undefined). CPU is the process's user plus system time
 * over the stretch, also as a share of one core; RSS is sampled, so its peak is the highest
 * sample, not the kernel's lifetime high-water mark (which would include start-up).
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every Linux port Node runs on). */
const TICKS_PER_SECOND = 100;

export interface ProcessUsage {
  /** User + system CPU seconds over the stretch. */
  cpuSeconds: number;
  wallSeconds: number;
  /** cpuSeconds / wallSeconds, in % of one core (two busy cores: 200 %). */
  cpuPercentOfCore: number;
  rssPeakMb: number;
  rssEndMb: number;
}

function cpuSecondsOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after it are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

function rssMbOf(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process from now until `stop()`, which answers its usage (undefined off Linux). */
export class ProcessSampler {
  private readonly cpuAtStart: number | undefined;
  private readonly startedAt = performance.now();
  private rssPeak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 200,
  ) {
    this.cpuAtStart = cpuSecondsOf(pid);
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  private sample(): number | undefined {
    const rss = rssMbOf(this.pid);
    if (rss !== undefined) this.rssPeak = Math.max(this.rssPeak, rss);
    return rss;
  }

  stop(): ProcessUsage | undefined {
    clearInterval(this.timer);
    const rssEnd = this.sample();
    const cpu = cpuSecondsOf(this.pid);
    if (cpu === undefined || this.cpuAtStart === undefined || rssEnd === undefined) {
      return undefined;
    }
    const wallSeconds = (performance.now() - this.startedAt) / 1000;
    const cpuSeconds = cpu - this.cpuAtStart;
    return {
      cpuSeconds,
      wallSeconds,
      cpuPercentOfCore: (100 * cpuSeconds) / wallSeconds,
      rssPeakMb: this.rssPeak,
      rssEndMb: rssEnd,
    };
  }
}

export function formatUsage(usage: ProcessUsage | undefined): string {
  if (!usage) return 'cpu and rss not available (no /proc)';
  return `cpu ${usage.cpuSeconds.toFixed(1)} s user+system over ${usage.wallSeconds.toFixed(1)} s = ${usage.cpuPercentOfCore.toFixed(0)} % of one core, rss peak ${usage.rssPeakMb.toFixed(0)} MB, end ${usage.rssEndMb.toFixed(0)} MB`;
}

/**
 * CPU of a changing set of processes (the PostgreSQL backends serving one database), from now
 * until `stop()`: `listPids` is asked every `everyMs`; a process seen at the start counts from
 * then, one that appears later counts from its start. A process that ends between two samples
 * loses its last moments, so the figure is a slight underestimate.
 */
export class ProcessGroupSampler {
  private readonly startedAt = performance.now();
  private readonly cpuAtStart = new Map<number, number>();
  private readonly cpuLast = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly first: Promise<void>;
  private sampling: Promise<void> = Promise.resolve();

  constructor(
    private readonly listPids: () => Promise<number[]>,
    everyMs = 200,
  ) {
    this.first = this.sample(true);
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample(false));
    }, everyMs);
    this.timer.unref();
  }

  private async sample(atStart: boolean): Promise<void> {
    const pids = await this.listPids().catch(() => []);
    for (const pid of pids) {
      const cpu = cpuSecondsOf(pid);
      if (cpu === undefined) continue;
      if (atStart) this.cpuAtStart.set(pid, cpu);
      this.cpuLast.set(pid, cpu);
    }
  }

  /** Answers undefined when no process could be read (not Linux, or not on this machine). */
  async stop(): Promise<{ cpuSeconds: number; cpuPercentOfCore: number } | undefined> {
    clearInterval(this.timer);
    await this.first;
    await this.sampling;
    await this.sample(false);
    if (this.cpuLast.size === 0) return undefined;
    let cpuSeconds = 0;
    for (const [pid, cpu] of this.cpuLast) cpuSeconds += cpu - (this.cpuAtStart.get(pid) ?? 0);
    const wallSeconds = (performance.now() - this.startedAt) / 1000;
    return { cpuSeconds, cpuPercentOfCore: (100 * cpuSeconds) / wallSeconds };
  }
}
