/**
 * A server of its own with result deliveries to a receiver of the test (on 127.0.0.1): the demo
 * service Demo Chat posts to `/hook`, which answers 503 until `recover()`, and with `gone`, Demo
 * Social posts to `/gone`, which answers 410. Delivery knobs are compressed: two attempts,
 * 0.2 s apart, so a failing delivery is given up within seconds of the start.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { runServerCli, startExtraServer, type ServerHandle } from './fixtures';

export const FAILING_SERVICE = 'Demo Chat';
export const GONE_SERVICE = 'Demo Social';
export const RECEIVER_DOWN_TEXT = 'receiver is down for upkeep';

export interface DeliveryScene {
  server: ServerHandle;
  /** The content whose delivery to FAILING_SERVICE fails. */
  contentId: number;
  /** Requests the receiver got so far. */
  received(): number;
  recover(): void;
  dispose(): Promise<void>;
}

export async function startDeliveryScene(options: { gone?: boolean } = {}): Promise<DeliveryScene> {
  let healthy = false;
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      if (request.url === '/gone') response.writeHead(410).end('this endpoint is retired');
      else if (healthy) response.writeHead(200).end('{"ok":true}');
      else response.writeHead(503, { 'retry-after': '0' }).end(RECEIVER_DOWN_TEXT);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const closeReceiver = () =>
    new Promise<void>((resolve) => {
      receiver.closeAllConnections();
      receiver.close(() => resolve());
    });

  const env = {
    DELIVERY_ALLOW_PRIVATE_URLS: '1',
    DELIVERY_RETRY_SCHEDULE: '0.2',
    DELIVERY_MAX_ATTEMPTS: '2',
  };
  const first = await startExtraServer({ env });
  try {
    await first.stop();
    const decide = async (service: string, callback: string) => {
      const made = await runServerCli(
        'tests/e2e/tools/decided-delivery.ts',
        ['--service', service, '--callback', callback],
        first.dataDir,
      );
      expect(made.code, made.output).toBe(0);
      const last = made.output.trim().split('\n').at(-1) ?? '{}';
      return (JSON.parse(last) as { contentIds: number[] }).contentIds[0] ?? 0;
    };
    const contentId = await decide('demo-chat', `${base}/hook`);
    if (options.gone) await decide('demo-social', `${base}/gone`);
    const server = await startExtraServer({ env, dataDir: first.dataDir, port: first.port });
    return {
      server,
      contentId,
      received: () => received,
      recover: () => {
        healthy = true;
      },
      dispose: async () => {
        await server.stop();
        await first.dispose();
        await closeReceiver();
      },
    };
  } catch (error) {
    await first.dispose();
    await closeReceiver();
    throw error;
  }
}
