/**
 * Many simulated operators over real sockets, spread over several client processes
 * (operator-worker.ts): one Node process cannot drive ten thousand socket.io clients without
 * becoming the bottleneck it is meant to measure. The bench talks to each worker over IPC:
 * `join` hands it operators to connect (each takes moderation and starts asking for content
 * as the console does), `pause` and `resume` hold and release their polls, `stats` reads its
 * counters, `stop` closes its sockets and ends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { withFileLimit } from './bench-server';

export interface OperatorLogin {
  id: number;
  username: string;
  session: string;
}

export interface FleetSettings {
  baseUrl: string;
  /** Items each operator may hold (its max_content); it asks for what it lacks. */
  maxContent: number;
  /** The console's content poll: unanswered, it asks again after this long. */
  requestIntervalMs: number;
  /** Handshakes in flight at once per worker. */
  connectConcurrency: number;
  /** Each worker's open-file limit: its share of the sockets and then some. */
  maxOpenFiles: number;
}

export type WorkerRequest =
  | { type: 'join'; operators: OperatorLogin[] }
  /** Holds every operator's next poll until `resume` (joining is then measured on its own). */
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stats' }
  | { type: 'stop' };

/** What a worker counts; every field is a running total since it started. */
export interface OperatorStats {
  /** Sockets connected and holding moderation. */
  moderating: number;
  /** Operators that could not connect or take moderation (a protocol failure). */
  failedToJoin: number;
  /** Sockets the server closed, or that lost their connection, while the bench ran. */
  dropped: number;
  /** `refused` answers to an event (a protocol failure). */
  refused: number;
  requests: number;
  /** Requests answered with new items (set-content). */
  answered: number;
  submitted: number;
  /** Submits answered with anything but 200 and `stored` for every item. */
  submitFailures: number;
  /** The first few failures, as text, to say what went wrong. */
  failures: string[];
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'joined'; stats: OperatorStats }
  | { type: 'stats'; stats: OperatorStats }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'stopped'; stats: OperatorStats };

export function emptyStats(): OperatorStats {
  return {
    moderating: 0,
    failedToJoin: 0,
    dropped: 0,
    refused: 0,
    requests: 0,
    answered: 0,
    submitted: 0,
    submitFailures: 0,
    failures: [],
  };
}

export function addStats(total: OperatorStats, part: OperatorStats): OperatorStats {
  return {
    moderating: total.moderating + part.moderating,
    failedToJoin: total.failedToJoin + part.failedToJoin,
    dropped: total.dropped + part.dropped,
    refused: total.refused + part.refused,
    requests: total.requests + part.requests,
    answered: total.answered + part.answered,
    submitted: total.submitted + part.submitted,
    submitFailures: total.submitFailures + part.submitFailures,
    failures: [...total.failures, ...part.failures].slice(0, 10),
  };
}

class FleetWorker {
  private readonly waiting = new Map<WorkerReply['type'], (reply: WorkerReply) => void>();

  constructor(readonly child: ChildProcess) {
    child.on('message', (reply: WorkerReply) => {
      const resolve = this.waiting.get(reply.type);
      this.waiting.delete(reply.type);
      resolve?.(reply);
    });
  }

  ask<T extends WorkerReply['type']>(
    request: WorkerRequest,
    answer: T,
  ): Promise<Extract<WorkerReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(
          new Error(`operator worker ${this.child.pid} exited (${code}) during ${request.type}`),
        );
      this.child.once('exit', onExit);
      this.waiting.set(answer, (reply) => {
        this.child.off('exit', onExit);
        resolve(reply as Extract<WorkerReply, { type: T }>);
      });
      this.child.send(request);
    });
  }
}

export class OperatorFleet {
  private constructor(private readonly workers: FleetWorker[]) {}

  static async start(count: number, settings: FleetSettings): Promise<OperatorFleet> {
    const workers = Array.from({ length: count }, () => {
      const [command, args] = withFileLimit(
        ['--import', 'tsx', 'bench/support/operator-worker.ts', JSON.stringify(settings)],
        settings.maxOpenFiles,
      );
      const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      // The workers never outlive the bench, even when a watchdog ends it.
      process.once('exit', () => child.kill('SIGKILL'));
      return new FleetWorker(child);
    });
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.child.once('message', () => resolve());
            worker.child.once('exit', (code) =>
              reject(new Error(`operator worker exited (${code})`)),
            );
          }),
      ),
    );
    return new OperatorFleet(workers);
  }

  get pids(): number[] {
    return this.workers.flatMap((worker) => (worker.child.pid ? [worker.child.pid] : []));
  }

  /** Hands the operators out round-robin and waits until every one joined or failed to. */
  async join(operators: readonly OperatorLogin[]): Promise<OperatorStats> {
    const shares = this.workers.map((): OperatorLogin[] => []);
    operators.forEach((operator, n) => shares[n % shares.length]?.push(operator));
    const replies = await Promise.all(
      this.workers.map((worker, n) =>
        worker.ask({ type: 'join', operators: shares[n] ?? [] }, 'joined'),
      ),
    );
    return replies.reduce((total, reply) => addStats(total, reply.stats), emptyStats());
  }

  async pause(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.ask({ type: 'pause' }, 'paused')));
  }

  async resume(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.ask({ type: 'resume' }, 'resumed')));
  }

  async stats(): Promise<OperatorStats> {
    const replies = await Promise.all(
      this.workers.map((worker) => worker.ask({ type: 'stats' }, 'stats')),
    );
    return replies.reduce((total, reply) => addStats(total, reply.stats), emptyStats());
  }

  async stop(): Promise<OperatorStats> {
    const replies = await Promise.all(
      this.workers.map((worker) => worker.ask({ type: 'stop' }, 'stopped')),
    );
    return replies.reduce((total, reply) => addStats(total, reply.stats), emptyStats());
  }
}
