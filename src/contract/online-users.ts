import { z } from 'zod';
import { ApiFailureSchema, OkSchema, okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { idSchema } from './validation';

/**
 * The Online Users screen: who is signed in with the console open right now, what they are
 * doing, and the two actions an administrator takes on a live session (kick and park).
 *
 * The list comes from the `/fetch-online-users` namespace (`get-current-users`, answered with
 * OnlineUsersAnswer); the screen asks again every ONLINE_USERS_REFRESH_MS while it is open.
 */

/**
 * A user's state as the list shows it:
 * - moderating: one of their open connections holds moderation (it receives items);
 * - elsewhere: moderation is held by a connection of theirs that is not open any more (it
 *   dropped or was closed); their items stay theirs until the lease grace period ends, then go
 *   back to the queue;
 * - parked: nobody holds moderation for them and they parked (or were parked);
 * - idle: signed in, neither moderating nor parked (an administrator at work, a user who never
 *   started moderating).
 */
export const ONLINE_STATUSES = ['moderating', 'elsewhere', 'parked', 'idle'] as const;
export type OnlineStatus = (typeof ONLINE_STATUSES)[number];

export const ONLINE_STATUS_LABELS: Record<OnlineStatus, string> = {
  moderating: 'Moderating',
  elsewhere: 'Moderating elsewhere',
  parked: 'Parked',
  idle: 'Idle',
};

/** One open connection (a tab or an installed console) of the user. */
export const OnlineDeviceSchema = z.object({
  /** The socket id: unique per connection, stable while it stays connected. */
  id: z.string(),
  connected_at: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** This connection holds moderation. */
  moderating: z.boolean(),
});
export type OnlineDevice = z.infer<typeof OnlineDeviceSchema>;

export const OnlineUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  status: z.enum(ONLINE_STATUSES),
  /** ISO 8601: when the current status began (moderation taken, parked, or first connected). */
  status_since: z.string().nullable(),
  /** Items leased to the user now. */
  items_held: z.number().int(),
  /** Open connections, oldest first; empty for a user listed only because they hold items. */
  devices: z.array(OnlineDeviceSchema),
});
export type OnlineUser = z.infer<typeof OnlineUserSchema>;

/** The acknowledgement of `get-current-users`: the list, or why it is refused. */
export const OnlineUsersAnswerSchema = z.discriminatedUnion('ok', [
  okData(z.array(OnlineUserSchema)),
  ApiFailureSchema,
]);
export type OnlineUsersAnswer = z.infer<typeof OnlineUsersAnswerSchema>;

/**
 * How often the open screen asks for the list. Asking (rather than the server pushing every
 * change) keeps the moderation protocol free of admin concerns: presence changes in many places
 * on several processes, and items held change with every claim and submit; one question every
 * 2 s per open admin screen costs one socket lookup and two small queries.
 */
export const ONLINE_USERS_REFRESH_MS = 2_000;

const UserParamsSchema = z.object({ userId: idSchema('userId') });

export const onlineUsersEndpoints = {
  kick: defineEndpoint({
    method: 'POST',
    path: '/api/online-users/:userId/kick',
    access: needs('can_kick_users'),
    summary:
      'Sign a user out everywhere: sessions end, sockets close, items go back to the queue (audited)',
    params: UserParamsSchema,
    response: OkSchema,
  }),
  park: defineEndpoint({
    method: 'POST',
    path: '/api/online-users/:userId/park',
    access: needs('can_park_users'),
    summary: 'Park a user: moderation ends and their items go back to the queue (audited)',
    params: UserParamsSchema,
    response: OkSchema,
  }),
};
