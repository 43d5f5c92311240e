/**
 * The real server (the production bundle with plain Node, one process) for a chaos run: started on
 * a free port of 127.0.0.1, killed with SIGKILL as a crash would, started again on the same
 * database, and finally stopped with SIGTERM. Its output goes to a log file the bench reads when
 * something goes wrong. It never outlives the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { serverBundle } from './bench-server';

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

let current: ChildProcess | null = null;
process.once('exit', () => current?.kill('SIGKILL'));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export class KillableServer {
  private child: ChildProcess | null = null;
  /** Starts so far; the first start is life 0. */
  starts = 0;
  kills = 0;
  port = 0;
  /** How long each start took until /healthz answered, ms. */
  readonly startMs: number[] = [];

  constructor(
    private readonly env: Record<string, string>,
    readonly logFile: string,
  ) {
    writeFileSync(logFile, '');
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the server and waits until it answers /healthz; answers its port. */
  async start(): Promise<number> {
    if (this.running) throw new Error('the server is already running');
    this.starts += 1;
    const began = Date.now();
    appendFileSync(this.logFile, `\n--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, await serverBundle()], {
      env: { ...process.env, ...this.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    current = child;
    let printed = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      appendFileSync(this.logFile, text);
      if (printed.length < 100_000) printed += text;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start: ${printed.slice(-2_000)}`)),
        START_TIMEOUT_MS,
      );
      const onData = () => {
        const match = /Moderation console: http:\/\/[^:]+:(\d+)/.exec(printed);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}): ${printed.slice(-2_000)}`));
      });
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline || !this.running) throw new Error('the server is not healthy');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.port = port;
    this.startMs.push(Date.now() - began);
    return port;
  }

  /** SIGKILL: no shutdown hooks, no flushing, as a crash or an OOM kill. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.kills += 1;
    appendFileSync(this.logFile, `\n--- SIGKILL ${this.kills} at ${new Date().toISOString()}\n`);
    child.kill('SIGKILL');
    await exited(child);
  }

  /** SIGTERM and wait (SIGKILL after a while): the server shuts down cleanly. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
  }
}
