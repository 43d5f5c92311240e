import { z } from 'zod';
import type { ErrorCode } from './api';
import { AssignedContentSchema, type AssignedContent } from './content';
import { ChannelSchema } from './channels';
import { SIGNED_IN, needs, type Access } from './endpoint';
import { MAX_INT32 } from './validation';
import type { OnlineUsersAnswer } from './online-users';
import type { SettingsChanged } from './settings';
import { BREAK_REASONS } from './wellbeing';

/**
 * The socket.io namespaces and the events each carries, defined once for the server and the
 * client. Events the browser sends are objects (`clientEvents`): namespace, name, who may send
 * it, and the zod schema of its payload; the server parses every payload with that schema
 * before a handler sees it (server/sockets/socket-event.ts), and the client's typed sockets take
 * their argument types from it. Events the server sends are typed per namespace below.
 */
export const NAMESPACES = {
  onlineUsers: '/online-users',
  userStats: '/user-stats',
  moderationStatistics: '/moderation-statistics',
  fetchOnlineUsers: '/fetch-online-users',
  settings: '/settings',
} as const;

export type NamespaceName = (typeof NAMESPACES)[keyof typeof NAMESPACES];

/**
 * Who may connect to each namespace; the socket server checks it at the handshake. Every
 * namespace needs a session; the live dashboard counts need section_dashboard as well.
 */
export const NAMESPACE_ACCESS: Record<NamespaceName, Access> = {
  '/online-users': SIGNED_IN,
  '/user-stats': SIGNED_IN,
  '/moderation-statistics': needs('section_dashboard'),
  '/fetch-online-users': SIGNED_IN,
  '/settings': SIGNED_IN,
};

/**
 * The server's answer to an event it will not act on: the sender lacks the permission
 * (`forbidden`), or the payload is malformed or names someone else (`validation`).
 */
export interface EventRefusal {
  event: string;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** Server events every namespace has. */
export interface CommonServerEvents {
  refused: (refusal: EventRefusal) => void;
}

export interface ClientEvent<
  Namespace extends NamespaceName = NamespaceName,
  Name extends string = string,
  Payload extends z.ZodType | undefined = z.ZodType | undefined,
  Ack extends z.ZodType | undefined = z.ZodType | undefined,
> {
  namespace: Namespace;
  name: Name;
  /** Checked on every event, with the permissions the user holds at that moment. */
  access: Access;
  summary: string;
  /** The payload's schema; an event without one carries no payload. */
  payload?: Payload;
  /** What the server answers through the acknowledgement callback, for events that have one. */
  ack?: Ack;
}

export function defineClientEvent<
  const Namespace extends NamespaceName,
  const Name extends string,
  Payload extends z.ZodType | undefined = undefined,
  Ack extends z.ZodType | undefined = undefined,
>(event: ClientEvent<Namespace, Name, Payload, Ack>): ClientEvent<Namespace, Name, Payload, Ack> {
  return event;
}

type PayloadArgs<P> = [P] extends [z.ZodType] ? [payload: z.input<P>] : [];
type AckArgs<A> = [A] extends [z.ZodType] ? [ack: (answer: z.output<A>) => void] : [];

/** The arguments a client emits the event with: its payload (if any), then its ack (if any). */
export type ClientEventArgs<E> =
  E extends ClientEvent<NamespaceName, string, infer P, infer A>
    ? [...PayloadArgs<P>, ...AckArgs<A>]
    : never;

/** The payload a server handler receives, parsed. */
export type ClientEventPayload<E> =
  E extends ClientEvent<NamespaceName, string, infer P, z.ZodType | undefined>
    ? [P] extends [z.ZodType]
      ? z.output<P>
      : undefined
    : never;

export type ClientEventAck<E> =
  E extends ClientEvent<NamespaceName, string, z.ZodType | undefined, infer A>
    ? [A] extends [z.ZodType]
      ? (answer: z.output<A>) => void
      : undefined
    : never;

/** SPEC §4: which connection of the user holds moderation. null: none (the user is parked). */
export interface ModerationStatus {
  moderatingSocket: string | null;
}

export interface UserLoggedStatus {
  online: boolean;
  moderating: boolean;
}

/** An id in a socket payload: JSON carries numbers as numbers, so nothing is coerced. */
function eventIdSchema(what: string) {
  return z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive number`)
    .max(MAX_INT32, `${what} is too large`);
}

/** The user an /online-users event is about: always the socket's own signed-in user. */
const UserRefSchema = z.object({ user: z.object({ id: eventIdSchema('user.id') }) });

/** /fetch-online-users: who is connected, whether they moderate, how many items they hold. */
export const OnlineUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  moderating: z.boolean(),
  assigned: z.number().int(),
});
export type OnlineUser = z.infer<typeof OnlineUserSchema>;

export const clientEvents = {
  moderateMe: defineClientEvent({
    namespace: NAMESPACES.onlineUsers,
    name: 'moderate-me',
    access: needs('section_moderation'),
    summary: 'Take moderation for this socket, unless another live socket of the user holds it',
    payload: UserRefSchema,
  }),
  parkMe: defineClientEvent({
    namespace: NAMESPACES.onlineUsers,
    name: 'park-me',
    // Parking only ever stops one's own work, so anyone signed in may.
    access: SIGNED_IN,
    summary: "End the user's moderation; their items go back to the queue",
  }),
  requestContent: defineClientEvent({
    namespace: NAMESPACES.onlineUsers,
    name: 'request-content',
    access: needs('section_moderation'),
    summary:
      'Asked every 3 s below max_content: up to `count` more items, never above max_content; only the socket holding moderation is served. With `channel` (a channel view, which also needs the section permission of that channel) only items of that channel',
    payload: UserRefSchema.extend({
      count: z.number().int().min(0).max(100),
      channel: ChannelSchema.optional(),
    }),
  }),
  unmapContent: defineClientEvent({
    namespace: NAMESPACES.onlineUsers,
    name: 'unmap-content',
    access: needs('section_moderation'),
    summary: 'Give one item back to the queue',
    payload: z.object({
      content: AssignedContentSchema,
      // The console sends one of UNMAP_REASONS (content.ts); the reason is only logged.
      reason: z.string().max(200).default(''),
    }),
  }),
  takeBreak: defineClientEvent({
    namespace: NAMESPACES.onlineUsers,
    name: 'take-break',
    access: needs('section_moderation'),
    summary:
      'A wellbeing break: park the user (their held items go back to the queue at once) and record a wellness break, which ends when they moderate again',
    payload: z.object({
      reason: z.enum(BREAK_REASONS, { error: `reason must be one of ${BREAK_REASONS.join(', ')}` }),
    }),
  }),
  userPendingStat: defineClientEvent({
    namespace: NAMESPACES.userStats,
    name: 'user-pending-stat',
    // The queue's counts are for those who work the queue or watch it; the demo role sees none.
    access: needs('section_moderation', 'section_dashboard', 'section_customer_moderation'),
    summary: "The top bar's pending counts; answered only for the socket's own user id",
    payload: eventIdSchema('user id'),
  }),
  dashboardStat: defineClientEvent({
    namespace: NAMESPACES.moderationStatistics,
    name: 'dashboard-stat',
    access: needs('section_dashboard'),
    summary: 'Subscribe to the live dashboard counts (asked every 2 s while the page is open)',
  }),
  getCurrentUsers: defineClientEvent({
    namespace: NAMESPACES.fetchOnlineUsers,
    name: 'get-current-users',
    access: needs('section_online_users'),
    summary: 'The users connected to /online-users on any process',
    ack: z.array(OnlineUserSchema),
  }),
};

export type AnyClientEvent = (typeof clientEvents)[keyof typeof clientEvents];

/** Every event the browser may send, for the tests that walk all of them. */
export const ALL_CLIENT_EVENTS: readonly ClientEvent[] = Object.values(clientEvents);

/** socket.io's ClientToServer map of a namespace, built from `clientEvents`. */
export type ClientEventsOf<N extends NamespaceName> = {
  [
    K in keyof typeof clientEvents as (typeof clientEvents)[K]['namespace'] extends N
      ? (typeof clientEvents)[K]['name']
      : never
  ]: (...args: ClientEventArgs<(typeof clientEvents)[K]>) => void;
};

export interface SettingsServerEvents extends CommonServerEvents {
  /** Maintenance mode was switched on: clients reload into the maintenance page. */
  maintenance: (payload: { on: boolean }) => void;
  /**
   * System settings were saved (anywhere, by anyone): the keys whose stored value changed, never
   * the values, since every signed-in console holds this socket. /settings reads them again.
   */
  'settings-changed': (payload: SettingsChanged) => void;
}
export type SettingsClientEvents = ClientEventsOf<'/settings'>;

/** /online-users, SPEC §4 and §7. The user is always the socket's signed-in user. */
export type OnlineUsersClientEvents = ClientEventsOf<'/online-users'>;

export interface OnlineUsersServerEvents extends CommonServerEvents {
  /**
   * Every item currently leased to the user (the whole assignment, not only new ones), oldest
   * first. Sent after a request-content that added items, and on moderate-me when the user
   * still holds items (e.g. reconnecting within the lease grace period).
   */
  'set-content': (contents: AssignedContent[]) => void;
  'kick-me': () => void;
  'park-me': () => void;
  /** The server took the user's items back (lease ended): clear them from the screen. */
  'reset-content': () => void;
  'moderation-status': (status: ModerationStatus) => void;
  /**
   * An administrator changed this user's account or role (permissions, max content, batch
   * mode, role): the console reloads the current user, so its navigation and moderation follow
   * without a new sign-in. The server has already applied the change to this socket.
   */
  'account-changed': () => void;
  [userLoggedStatus: `user-logged-status.${number}`]: (status: UserLoggedStatus) => void;
}

/** /user-stats: the top bar's pending and moderated counts. */
export interface UserPendingStat {
  total_pending: number;
  pending: number;
  assigned: number;
}
export type UserStatsClientEvents = ClientEventsOf<'/user-stats'>;
export interface UserStatsServerEvents extends CommonServerEvents {
  'user-pending-stat': (data: UserPendingStat) => void;
  /** Tells the client to fetch its moderated count again (GET /api/statistics/moderated/{id}). */
  'user-stats-moderated': () => void;
  [userModerated: `user-moderated-${number}`]: (data: { moderated: number }) => void;
}

/** /moderation-statistics: the dashboard's live counts (SPEC §2 Dashboard, §3 Statistics). */
export interface ServiceStat {
  _id: number;
  service_name: string;
  online_users: number;
  total_pending: number;
  pending: number;
  assigned: number;
  /** Items of the service decided since midnight UTC. */
  handled: number;
  /**
   * Average handling time of those items in seconds, from loaded (shown to the operator) to
   * decided; null when none was decided by an operator today.
   */
  avg_handling_seconds: number | null;
}
/** One operator's decisions since midnight UTC. */
export interface OperatorStat {
  user_id: number;
  username: string;
  handled: number;
  /** Average seconds from loaded to decided; null when no decided item was loaded. */
  avg_handling_seconds: number | null;
}
export interface DashboardStat {
  /** Rows in `data` (online moderating users). */
  total: number;
  /** Content id and operator name per online moderating user. */
  data: { content_id: number | null; username: string }[];
  total_pending: number;
  pending: number;
  assigned: number;
  /** Online moderating users. */
  moderating: number;
  serviceStats: ServiceStat[];
  /** Items decided since midnight UTC. */
  handled: number;
  /** Per operator who decided items since midnight UTC, by name. */
  operatorStats: OperatorStat[];
}
export type ModerationStatisticsClientEvents = ClientEventsOf<'/moderation-statistics'>;
export interface ModerationStatisticsServerEvents extends CommonServerEvents {
  'dashboard-stat': (stat: DashboardStat) => void;
}

/**
 * /fetch-online-users: the Online Users screen's live list. Needs section_online_users; a user
 * without it gets `{ ok: false, code: 'forbidden' }`. The shapes are in ./online-users.ts.
 */
export interface FetchOnlineUsersClientEvents {
  'get-current-users': (reply: (answer: OnlineUsersAnswer) => void) => void;
}

/**
 * Events per namespace: `server` are emitted by the server, `client` by the browser.
 */
export interface NamespaceEvents {
  '/online-users': { server: OnlineUsersServerEvents; client: OnlineUsersClientEvents };
  '/user-stats': { server: UserStatsServerEvents; client: UserStatsClientEvents };
  '/moderation-statistics': {
    server: ModerationStatisticsServerEvents;
    client: ModerationStatisticsClientEvents;
  };
  '/fetch-online-users': { server: CommonServerEvents; client: FetchOnlineUsersClientEvents };
  '/settings': { server: SettingsServerEvents; client: SettingsClientEvents };
}
