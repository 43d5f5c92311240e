/**
 * A TCP proxy on 127.0.0.1 between the simulated consoles and the server, so HTTP requests and
 * socket.io connections see real drops, not simulated ones. Rules:
 * - Every client connection gets its own upstream connection to the current target port; bytes
 *   go through unchanged, and when either side closes or fails the other side is destroyed too.
 * - `retarget(null)` (the server is down) and `cutAll(refuseMs)` make new connections fail at once
 *   with a reset, as a dead host or a dropped link does.
 * - `cutAll` destroys every open connection in both directions at that instant: requests in
 *   flight lose their answers whether or not the server has handled them.
 * - With `answerDropRate`, each chunk the server sends back is, with that probability, never
 *   delivered: the connection is cut instead. Answers are lost after the server has acted.
 */
import net from 'node:net';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

export interface ChaosProxyStats {
  accepted: number;
  refused: number;
  cuts: number;
  connectionsCut: number;
  answersDropped: number;
}

export class ChaosProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<Pair>();
  private target: number | null = null;
  private refusingUntil = 0;
  readonly stats: ChaosProxyStats = {
    accepted: 0,
    refused: 0,
    cuts: 0,
    connectionsCut: 0,
    answersDropped: 0,
  };

  constructor(
    private readonly options: { answerDropRate: number; random: () => number } = {
      answerDropRate: 0,
      random: Math.random,
    },
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Starts listening on a free port of 127.0.0.1; answers the port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    return address.port;
  }

  /** Where connections go from now on; null refuses them (the server is down). */
  retarget(port: number | null): void {
    this.target = port;
  }

  /** Cuts every open connection and refuses new ones for `refuseMs`. */
  cutAll(refuseMs: number): number {
    this.stats.cuts += 1;
    this.refusingUntil = Math.max(this.refusingUntil, Date.now() + refuseMs);
    const cut = this.pairs.size;
    for (const pair of [...this.pairs]) this.drop(pair);
    this.stats.connectionsCut += cut;
    return cut;
  }

  get openConnections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    for (const pair of [...this.pairs]) this.drop(pair);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private drop(pair: Pair): void {
    this.pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream.destroy();
  }

  private accept(client: net.Socket): void {
    client.on('error', () => undefined);
    const target = this.target;
    if (target === null || Date.now() < this.refusingUntil) {
      this.stats.refused += 1;
      client.resetAndDestroy();
      return;
    }
    this.stats.accepted += 1;
    const upstream = net.connect({ port: target, host: '127.0.0.1' });
    const pair: Pair = { client, upstream };
    this.pairs.add(pair);
    upstream.on('error', () => undefined);
    const close = () => {
      if (!this.pairs.has(pair)) return;
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('data', (chunk: Buffer) => {
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => {
      if (this.options.answerDropRate > 0 && this.options.random() < this.options.answerDropRate) {
        this.stats.answersDropped += 1;
        this.drop(pair);
        return;
      }
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    upstream.on('end', () => client.end());
  }
}
