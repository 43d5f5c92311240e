/**
 * Feeding the queue from browser tests: a client service pushes items through the real ingest
 * API with a demo service's own token, which a fresh server prints once in its start banner.
 */
import { ingestItems, textItem } from '../../support/protocol';
import { expect, type ServerHandle } from './fixtures';

/** The demo services (server/features/demo/demo-services.ts). */
export const CHAT = { code: 'demo-chat', name: 'Demo Chat' } as const; // submit_without_tags 'yes'
export const SOCIAL = { code: 'demo-social', name: 'Demo Social' } as const; // submit_without_tags 'no'
export type DemoService = typeof CHAT | typeof SOCIAL;

/** The demo service's API token, from the start banner of a fresh server. */
export function demoToken(server: ServerHandle, service: DemoService): string {
  const match = new RegExp(`^\\s+${service.code}: (\\S+)$`, 'm').exec(server.readLog());
  expect(match, `the ${service.code} token in the start banner`).not.toBeNull();
  return match?.[1] ?? '';
}

/** A client service pushes text items; answers their content ids. */
export async function ingest(
  server: ServerHandle,
  service: DemoService,
  texts: string[],
): Promise<number[]> {
  const ids = await ingestItems(
    server.baseURL,
    demoToken(server, service),
    texts.map((content, n) =>
      textItem(n, { subscriber_id: 'moderation-e2e', username: `member ${n}`, content }),
    ),
  );
  expect(ids).toHaveLength(texts.length);
  return ids;
}
