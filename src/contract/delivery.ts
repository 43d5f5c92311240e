import { z } from 'zod';
import { defineEndpoint, needs } from './endpoint';
import { idSchema } from './validation';

/**
 * Result delivery to the client services' callbacks (signed webhooks) and its administration.
 */

/**
 * What one test delivery got back. `status_code` is null when no HTTP answer came (refused
 * address, DNS failure, timeout); `error` then says which. The response body is cut to a few
 * kilobytes.
 */
export const TestDeliveryResultSchema = z.object({
  url: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().nonnegative(),
  response_body: z.string(),
  error: z.string().nullable(),
  /** Whether the answer was a 2xx: what a real delivery counts as delivered. */
  delivered: z.boolean(),
});
export type TestDeliveryResult = z.infer<typeof TestDeliveryResultSchema>;

export const deliveryEndpoints = {
  testDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/services/:id/test-delivery',
    access: needs('section_services'),
    summary:
      'Post a signed sample decision to the service callback URL, as a real delivery is sent, and answer what came back',
    params: z.object({ id: idSchema('id') }),
    response: z.object({ ok: z.literal(true), data: TestDeliveryResultSchema }),
  }),
};
