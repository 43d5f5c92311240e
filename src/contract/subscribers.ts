import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import {
  booleanFilterSchema,
  listQuerySchema,
  listResponseSchema,
  searchFilterSchema,
} from './list';
import { idSchema, textSchema } from './validation';

/**
 * The /subscriber screen: the subscribers of every client service. A subscriber is made by the
 * first item a service sends for it (its name is then its external id); administrators give it a
 * display name and notes, and block it: a blocked subscriber's new items are refused at ingest
 * (403) and recorded as failed content requests. Items it sent before stay in the queue.
 */
export const SUBSCRIBER_OPTIONS_LIMIT = 100;

export const SubscriberRowSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  service_name: z.string(),
  external_id: z.string(),
  name: z.string(),
  notes: z.string(),
  blocked: z.boolean(),
  /** ISO 8601 of the block, or null. */
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriberRow = z.infer<typeof SubscriberRowSchema>;

export const SUBSCRIBER_SORTS = ['name', 'external_id', 'service', 'created'] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

export const SubscriberListQuerySchema = listQuerySchema({
  sortable: SUBSCRIBER_SORTS,
  defaultSort: 'created',
  defaultOrder: 'desc',
  filters: {
    service_id: idSchema('service_id').optional(),
    search: searchFilterSchema,
    blocked: booleanFilterSchema,
  },
});
export type SubscriberListQuery = z.input<typeof SubscriberListQuerySchema>;

export const SubscriberOptionsQuerySchema = z.object({
  service_id: idSchema('service_id'),
  search: searchFilterSchema,
});

export const SubscriberOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type SubscriberOption = z.infer<typeof SubscriberOptionSchema>;

/** What the edit dialog sends; the same schema checks the form and the server. */
export const SubscriberFormSchema = z.object({
  name: textSchema(200, 'The display name').trim().min(1, 'Enter a display name'),
  notes: textSchema(2000, 'The notes').transform((value) => value.trim()),
  blocked: z.boolean({ error: 'Blocked must be yes or no' }),
});
export type SubscriberFormInput = z.input<typeof SubscriberFormSchema>;

export const SUBSCRIBER_TEXTS = {
  notFound: (id: number) => `There is no subscriber with id ${id}.`,
  blocked: (externalId: string) =>
    `The subscriber ${externalId} is blocked: an administrator blocked it on /subscriber, so its new items are refused.`,
} as const;

export const subscriberEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/subscribers/all',
    access: needs('section_subscribers'),
    summary: 'One page of subscribers with their service, notes and block state',
    query: SubscriberListQuerySchema,
    response: listResponseSchema(SubscriberRowSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/subscribers/list',
    access: needs('section_subscribers'),
    summary: `The subscribers of one service as {id, name} for pickers (at most ${SUBSCRIBER_OPTIONS_LIMIT}; search narrows)`,
    query: SubscriberOptionsQuerySchema,
    response: okData(z.array(SubscriberOptionSchema)),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/subscribers/update/:id',
    access: needs('section_subscribers'),
    summary: "Edit a subscriber's display name and notes, block or unblock it",
    params: z.object({ id: idSchema('id') }),
    body: SubscriberFormSchema,
    response: okData(SubscriberRowSchema),
  }),
};
