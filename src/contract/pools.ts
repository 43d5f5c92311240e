import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { bodyIdSchema, textSchema } from './validation';

/**
 * Routing pools (/pools): a pool joins services and operators. An operator in one or more pools
 * is only ever assigned items of the services of their pools; an operator in no pool gets every
 * service. Within what an operator may get, the highest service priority comes first, then the
 * oldest item. A change applies to the operator's next claim; items already held stay.
 *
 * Rules the server keeps: names are unique regardless of case (409); every service and user
 * named must exist (422); every change writes an audit row in its own transaction.
 */
export const POOL_LIMITS = { name: 80, description: 300, services: 500, members: 2000 } as const;

export const PoolNameSchema = z
  .string({ error: 'Enter a pool name' })
  .trim()
  .min(1, 'Enter a pool name')
  .max(POOL_LIMITS.name, `A pool name has at most ${POOL_LIMITS.name} characters`)
  .pipe(textSchema(POOL_LIMITS.name, 'The name'));

const idList = (what: string, max: number) =>
  z
    .array(bodyIdSchema(what), { error: `${what}s must be a list of ids` })
    .max(max, `A pool holds at most ${max} ${what}s`)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const PoolBodySchema = z.object({
  name: PoolNameSchema,
  description: textSchema(POOL_LIMITS.description, 'The description')
    .transform((value) => value.trim())
    .default(''),
  service_ids: idList('service', POOL_LIMITS.services),
  user_ids: idList('operator', POOL_LIMITS.members),
});
export type PoolBodyInput = z.input<typeof PoolBodySchema>;

export const UpdatePoolRequestSchema = PoolBodySchema.extend({ id: bodyIdSchema('id') });
export type UpdatePoolInput = z.input<typeof UpdatePoolRequestSchema>;

export const DeletePoolRequestSchema = z.object({ id: bodyIdSchema('id') });

const ServiceRefSchema = z.object({ id: z.number().int(), name: z.string() });
const MemberRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const PoolRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** By name. */
  services: z.array(ServiceRefSchema),
  /** By username. */
  members: z.array(MemberRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PoolRow = z.infer<typeof PoolRowSchema>;

/** What the pool dialog offers: every service and every active user. */
export const PoolOptionsSchema = z.object({
  services: z.array(ServiceRefSchema.extend({ priority: z.number().int(), active: z.boolean() })),
  users: z.array(MemberRefSchema.extend({ role: z.string() })),
});
export type PoolOptions = z.infer<typeof PoolOptionsSchema>;

export const POOL_TEXTS = {
  title: 'Pools',
  duplicateName: 'There is already a pool with this name (names are unique regardless of case).',
  unknownServices: (ids: readonly number[]) => `There is no service with id ${ids.join(', ')}.`,
  unknownUsers: (ids: readonly number[]) => `There is no active user with id ${ids.join(', ')}.`,
  notFound: (id: number) => `There is no pool with id ${id}.`,
} as const;

export const poolEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pools/all',
    access: needs('section_pools'),
    summary: 'Every routing pool with its services and operators, by name',
    response: okData(z.array(PoolRowSchema)),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/pools/options',
    access: needs('section_pools'),
    summary: 'The services and active users a pool can hold',
    response: okData(PoolOptionsSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/pools/create',
    access: needs('section_pools'),
    summary: 'Add a pool with its services and operators',
    body: PoolBodySchema,
    response: okData(PoolRowSchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/pools/update',
    access: needs('section_pools'),
    summary: "Change a pool's name, description, services and operators (the whole lists)",
    body: UpdatePoolRequestSchema,
    response: okData(PoolRowSchema),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/pools/delete',
    access: needs('section_pools'),
    summary: 'Delete a pool: its operators get every service again unless another pool holds them',
    body: DeletePoolRequestSchema,
    response: okData(z.object({ id: z.number().int() })),
  }),
};
