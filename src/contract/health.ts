import { z } from 'zod';
import { ApiFailureSchema } from './api';
import { PUBLIC, defineEndpoint } from './endpoint';

/** What readiness depends on; Redis only when the server is configured with one. */
export const ReadinessChecksSchema = z.object({
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  /** `stopping` once shutdown began: the process finishes what it has and takes nothing new. */
  process: z.enum(['running', 'stopping']),
});
export type ReadinessChecks = z.infer<typeof ReadinessChecksSchema>;

/**
 * For load balancers and process supervisors, and the scrape of a Prometheus server. All three
 * are answered in maintenance too: a balancer that took every process out during maintenance
 * would leave nobody to show the maintenance page.
 */
export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    access: PUBLIC,
    summary: 'The server answers, and whether maintenance mode is on',
    response: z.object({ ok: z.literal(true), maintenance: z.boolean() }),
  }),
  /**
   * Whether to send this process traffic: 200 when everything it depends on answers, 503 (the
   * failure envelope, code `unavailable`, plus the checks) naming what is down, and 503 from the
   * moment shutdown begins.
   */
  readiness: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    access: PUBLIC,
    summary:
      'Whether the database (and Redis, when configured) answer and the server is not stopping',
    response: z.union([
      z.object({ ok: z.literal(true), status: z.literal('ready'), checks: ReadinessChecksSchema }),
      ApiFailureSchema.extend({ status: z.literal('not_ready'), checks: ReadinessChecksSchema }),
    ]),
  }),
  /**
   * Prometheus text exposition (version 0.0.4), not JSON; the response schema describes the body
   * as one string. Who may scrape depends on METRICS: `token` wants `Authorization: Bearer
   * <METRICS_TOKEN>` (401 otherwise), `off` and `port` answer 404 here (`port` serves it on
   * METRICS_PORT instead).
   */
  metrics: defineEndpoint({
    method: 'GET',
    path: '/metrics',
    access: PUBLIC,
    summary: 'Prometheus metrics of this process (METRICS=token: bearer METRICS_TOKEN)',
    response: z.string(),
    produces: 'text',
  }),
};
