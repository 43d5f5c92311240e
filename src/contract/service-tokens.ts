import { z } from 'zod';
import { OkSchema } from './api';
import { defineEndpoint, needs } from './endpoint';
import { idSchema, textSchema } from './validation';

/** Service API tokens (SPEC §2 Service API Tokens, §3, §5, §7, §8). */
export const SERVICE_TOKEN_PAGE_SIZES = [10, 25] as const;

export const ServiceOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type ServiceOption = z.infer<typeof ServiceOptionSchema>;
/** GET /api/v2/services/fetch answers the bare array (SPEC §7). */
export const ServiceOptionsResponseSchema = z.array(ServiceOptionSchema);

export const ServiceTokenListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000, 'page is too large')
    .default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((value) => (SERVICE_TOKEN_PAGE_SIZES as readonly number[]).includes(value), {
      message: 'per_page must be 10 or 25',
    })
    .default(10),
  service_name: textSchema(200, 'service_name').trim().optional(),
});

/** A list row. `token` is already masked by the server: the raw token is never listed. */
export const ServiceTokenRowSchema = z.object({
  id: z.number().int(),
  service_name: z.string(),
  token: z.string(),
  /** ISO 8601, or null for a token that never expires ('Never'). */
  expires_at: z.string().nullable(),
  /** null means active. */
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ServiceTokenRow = z.infer<typeof ServiceTokenRowSchema>;

export const ServiceTokenListResponseSchema = z.object({
  ok: z.literal(true),
  data: z.array(ServiceTokenRowSchema),
  total: z.number().int(),
});

export const CreateServiceTokenRequestSchema = z.object({
  service_id: z
    .number({ error: 'Service is required' })
    .int()
    .positive('Service is required')
    .max(2_147_483_647, 'Service is not known'),
  /** Optional lifetime in days; absent means the token never expires. */
  expires_in_days: z.number().int().min(1).max(3650).optional(),
});

/**
 * The raw token is in this answer only, once, and only for a user who may reveal or copy it
 * (can_view_api_token or can_copy_api_token). `token` is the masked form.
 */
export const CreateServiceTokenResponseSchema = z.object({
  ok: z.literal(true),
  data: z.object({
    id: z.number().int(),
    token: z.string(),
    raw_token: z.string().optional(),
  }),
});

const MASK = '*'.repeat(12);

/** SPEC §5: the first 4 characters and the last 1 are visible; always 12 stars between. */
export function maskTokenParts(first4: string, last1: string): string {
  return `${first4}${MASK}${last1}`;
}

export function maskToken(token: string): string {
  if (token.length <= 5) return '*'.repeat(token.length);
  return maskTokenParts(token.slice(0, 4), token.slice(-1));
}

export const SERVICE_TOKEN_TEXTS = {
  title: 'Service API Tokens',
  search: 'Search',
  newToken: 'New Api Token',
  serviceRequired: 'Error: Service is required',
  errorPrefix: 'Error: ',
  revoked: 'API Token Revoked',
  copied: 'API Key copied to clipboard',
  copyFailed: 'Failed to copy API Key to clipboard',
  noToken: 'No token found',
  closeQuestion: 'Please make sure to copy the API token before closing this dialog. Close it?',
  never: 'Never',
} as const;

export const serviceTokenEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/service-tokens/',
    access: needs('section_service_tokens'),
    summary: 'One page of service API tokens, newest first, masked',
    query: ServiceTokenListQuerySchema,
    response: ServiceTokenListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/service-tokens/create',
    access: needs('can_create_api_token'),
    summary: 'Issue a token for a service; the raw token is answered this once',
    body: CreateServiceTokenRequestSchema,
    response: CreateServiceTokenResponseSchema,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/service-tokens/revoke/:id',
    access: needs('can_revoke_api_token'),
    summary: 'Revoke a token: ingest refuses it at once',
    params: z.object({ id: idSchema('id') }),
    response: OkSchema.extend({ data: ServiceTokenRowSchema.optional() }),
  }),
  serviceOptions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/services/fetch',
    access: needs(
      'section_service_tokens',
      'section_ai_moderation',
      'section_ai_content',
      'section_services',
      'section_subscribers',
      'section_discard',
    ),
    summary: 'Every service as {id, name}, for service pickers',
    response: ServiceOptionsResponseSchema,
  }),
};
