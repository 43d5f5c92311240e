/**
 * A server of its own with AI answers beside decisions and one failed AI step
 * (tools/ai-review-scene.ts), for the AI review tests and screenshots.
 */
import { expect } from '@playwright/test';
import { runServerCli, startExtraServer, type ServerHandle } from './fixtures';

export interface AiReviewScene {
  server: ServerHandle;
  ids: { disagreement: number; undecided: number; failed: number; serviceId: number };
  dispose(): Promise<void>;
}

export async function startAiReviewScene(): Promise<AiReviewScene> {
  const first = await startExtraServer();
  try {
    await first.stop();
    const made = await runServerCli('tests/e2e/tools/ai-review-scene.ts', [], first.dataDir);
    expect(made.code, made.output).toBe(0);
    const ids = JSON.parse(made.output.trim().split('\n').at(-1) ?? '{}') as AiReviewScene['ids'];
    const server = await startExtraServer({ dataDir: first.dataDir, port: first.port });
    return {
      server,
      ids,
      dispose: async () => {
        await server.stop();
        await first.dispose();
      },
    };
  } catch (error) {
    await first.dispose();
    throw error;
  }
}
