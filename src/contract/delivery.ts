import { z } from 'zod';
import { OkSchema } from './api';
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

/** Over which window the success rate and latency percentiles of /aggregator are computed. */
export const DELIVERY_STATS_WINDOW_HOURS = 24;
/** A pending delivery older than this counts as stuck on /aggregator. */
export const STUCK_AFTER_MINUTES = 10;

export const DeliveryStateSchema = z.enum(['active', 'paused', 'disabled']);
export type DeliveryState = z.infer<typeof DeliveryStateSchema>;

/** One service's delivery picture on /aggregator. Dates are ISO 8601 (UTC). */
export const ServiceDeliveryRowSchema = z.object({
  service_id: z.number().int(),
  service_code: z.string(),
  service_name: z.string(),
  callback_url: z.string().nullable(),
  /**
   * `disabled`: the callback answered 410 Gone (shown first: enabling is needed either way);
   * `paused`: an administrator paused it (`paused_at` is set even when also disabled).
   */
  state: DeliveryStateSchema,
  paused_at: z.string().nullable(),
  paused_by: z.string().nullable(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** Pending and not being sent right now (including retries waiting for their time). */
  waiting: z.number().int(),
  /** Being sent by a worker right now. */
  in_flight: z.number().int(),
  /** Given up after the attempt limit. */
  failed: z.number().int(),
  /** Delivered since 00:00 UTC today. */
  delivered_today: z.number().int(),
  /** Attempts and 2xx answers of the last DELIVERY_STATS_WINDOW_HOURS hours. */
  attempts_window: z.number().int(),
  /** Share of those attempts answered 2xx, 0..1; null without attempts. */
  success_rate: z.number().nullable(),
  /** Latency percentiles (ms) of the attempts in the window that got an HTTP answer. */
  p50_latency_ms: z.number().nullable(),
  p95_latency_ms: z.number().nullable(),
  last_error: z.object({ at: z.string(), code: z.string(), response: z.string() }).nullable(),
});
export type ServiceDeliveryRow = z.infer<typeof ServiceDeliveryRowSchema>;

export const DeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  error_code: z.string().nullable(),
  latency_ms: z.number().int(),
  response_excerpt: z.string(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

/**
 * A delivery that needs attention: `failed` (given up), `retrying` (its last attempt failed, the
 * next one is scheduled) or `stuck` (pending for more than STUCK_AFTER_MINUTES without a failed
 * attempt, e.g. while the service is paused).
 */
export const ProblemDeliverySchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  webhook_id: z.string(),
  status: z.enum(['failed', 'retrying', 'stuck']),
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  last_code: z.string().nullable(),
  attempt_history: z.array(DeliveryAttemptSchema),
});
export type ProblemDelivery = z.infer<typeof ProblemDeliverySchema>;

/** The dashboard's notice: services whose delivery stopped after a 410 Gone answer. */
export const DisabledDeliverySchema = z.object({
  service_id: z.number().int(),
  service_name: z.string(),
  disabled_at: z.string(),
  disabled_reason: z.string(),
});

const serviceParams = z.object({ id: idSchema('id') });

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
  services: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/services',
    access: needs('section_aggregators'),
    summary:
      'Per service: deliveries waiting, in flight, failed and delivered today, success rate and latency of the last 24 h, last error and delivery state',
    response: z.object({ ok: z.literal(true), data: z.array(ServiceDeliveryRowSchema) }),
  }),
  problems: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/services/:id/problems',
    access: needs('section_aggregators'),
    summary: "A service's failed, retrying and stuck deliveries (up to 100) with every attempt",
    params: serviceParams,
    response: z.object({ ok: z.literal(true), data: z.array(ProblemDeliverySchema) }),
  }),
  redeliver: defineEndpoint({
    method: 'POST',
    path: '/api/aggregators/deliveries/:id/redeliver',
    access: needs('section_aggregators'),
    summary: 'Send a failed or waiting delivery again now, with a new round of attempts',
    params: z.object({ id: idSchema('id') }),
    response: OkSchema,
  }),
  redeliverFailed: defineEndpoint({
    method: 'POST',
    path: '/api/aggregators/services/:id/redeliver-failed',
    access: needs('section_aggregators'),
    summary: 'Send every given-up delivery of a service again; answers how many',
    params: serviceParams,
    response: z.object({ ok: z.literal(true), data: z.object({ count: z.number().int() }) }),
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/aggregators/services/:id/pause',
    access: needs('section_aggregators'),
    summary: "Stop attempting a service's deliveries until resumed; they keep waiting",
    params: serviceParams,
    response: OkSchema,
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/api/aggregators/services/:id/resume',
    access: needs('section_aggregators'),
    summary: "Attempt a paused service's deliveries again, where they left off",
    params: serviceParams,
    response: OkSchema,
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: '/api/aggregators/services/:id/enable',
    access: needs('section_aggregators'),
    summary: 'Deliver again to a callback that answered 410 Gone',
    params: serviceParams,
    response: OkSchema,
  }),
  disabled: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/disabled',
    access: needs('section_dashboard', 'section_aggregators'),
    summary: 'Services whose delivery stopped after their callback answered 410 Gone',
    response: z.object({ ok: z.literal(true), data: z.array(DisabledDeliverySchema) }),
  }),
};
