import type { AssignedContent } from './content';

/**
 * The socket.io namespaces of SPEC §7 and the events each carries, defined once for the server
 * and the client. Each namespace has a ServerToClient and ClientToServer map.
 */
export const NAMESPACES = {
  onlineUsers: '/online-users',
  userStats: '/user-stats',
  moderationStatistics: '/moderation-statistics',
  fetchOnlineUsers: '/fetch-online-users',
  settings: '/settings',
} as const;

export type NamespaceName = (typeof NAMESPACES)[keyof typeof NAMESPACES];

export interface SettingsServerEvents {
  /** Maintenance mode was switched on: clients reload into the maintenance page. */
  maintenance: (payload: { on: boolean }) => void;
}
export type SettingsClientEvents = Record<string, never>;

/** SPEC §4: which connection of the user holds moderation. null: none (the user is parked). */
export interface ModerationStatus {
  moderatingSocket: string | null;
}

export interface UserLoggedStatus {
  online: boolean;
  moderating: boolean;
}

/** /online-users, SPEC §4 and §7. The user is always the socket's signed-in user. */
export interface OnlineUsersClientEvents {
  'moderate-me': (payload: { user: { id: number } }) => void;
  'park-me': () => void;
  /**
   * Asked every 3 s while the user holds fewer items than max_content. `count`: how many more
   * items the client wants; the server grants at most max_content minus what the user holds.
   * Only the socket that holds moderation is served.
   */
  'request-content': (payload: { user: { id: number }; count: number }) => void;
  'unmap-content': (payload: { content: AssignedContent; reason: string }) => void;
}

export interface OnlineUsersServerEvents {
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
export interface UserStatsClientEvents {
  'user-pending-stat': (userId: number) => void;
}
export interface UserStatsServerEvents {
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
}
export interface ModerationStatisticsClientEvents {
  'dashboard-stat': () => void;
}
export interface ModerationStatisticsServerEvents {
  'dashboard-stat': (stat: DashboardStat) => void;
}

/** /fetch-online-users */
export interface OnlineUser {
  id: number;
  username: string;
  role: string;
  moderating: boolean;
  assigned: number;
}
export interface FetchOnlineUsersClientEvents {
  'get-current-users': (reply: (users: OnlineUser[]) => void) => void;
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
  '/fetch-online-users': { server: Record<string, never>; client: FetchOnlineUsersClientEvents };
  '/settings': { server: SettingsServerEvents; client: SettingsClientEvents };
}
