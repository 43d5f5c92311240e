/**
 * Feeding the queue from browser tests: a client service pushes items through the real ingest
 * API with a demo service's own token, which a fresh server prints once in its start banner.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, type ServerHandle } from './fixtures';

const INGEST_PATH = '/api/v1/contents';

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
  request: APIRequestContext,
  server: ServerHandle,
  service: DemoService,
  texts: string[],
): Promise<number[]> {
  const response = await request.post(`${server.baseURL}${INGEST_PATH}`, {
    headers: { authorization: `Bearer ${demoToken(server, service)}` },
    data: texts.map((content, n) => ({
      subscriber_id: 'moderation-e2e',
      user_id: `member-${n}`,
      username: `member ${n}`,
      message_type: 'text',
      content,
    })),
  });
  expect(response.status(), await response.text()).toBe(202);
  const body = (await response.json()) as { data: { ids: number[] } };
  expect(body.data.ids).toHaveLength(texts.length);
  return body.data.ids;
}
