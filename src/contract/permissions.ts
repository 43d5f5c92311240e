/**
 * Every permission string the console knows (SPEC §6). Section permissions open a route;
 * feature permissions unlock an action inside a screen. The server seeds these into the
 * `permissions` table and checks them on every route and socket event.
 */
export const SECTION_PERMISSIONS = [
  'section_dashboard',
  'section_report',
  'section_message_history',
  'section_customer_moderation',
  'section_ai_moderation',
  'section_content_sender',
  'section_demo_moderation',
  'section_moderation',
  'section_park',
  'section_profile',
  'section_charts',
  'section_settings',
  'section_online_users',
  'section_users',
  'section_voice',
  'section_aggregators',
  'section_pools',
  'section_services',
  'section_subscribers',
  'section_service_tokens',
  'section_ai_services',
  'section_ai_content',
  'section_roles_and_permissions',
  'section_discard',
  'section_sandbox',
  'section_content_tool',
  'section_user_login_history',
  'section_user_logs',
  'section_chat',
  'section_inbox',
  'section_social',
  'section_calls',
  'section_trial_brands',
] as const;

export const FEATURE_PERMISSIONS = [
  'can_view_stuck_pending',
  'can_create_api_token',
  'can_revoke_api_token',
  'can_view_api_token',
  'can_copy_api_token',
  /** Sign a user out of every device from /online-users (their work waits in their outbox). */
  'can_kick_users',
  /** Park a user from /online-users: their items go back to the queue at once. */
  'can_park_users',
] as const;

export const ALL_PERMISSIONS = [...SECTION_PERMISSIONS, ...FEATURE_PERMISSIONS] as const;

export type SectionPermission = (typeof SECTION_PERMISSIONS)[number];
export type FeaturePermission = (typeof FEATURE_PERMISSIONS)[number];
export type Permission = (typeof ALL_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * One line per permission, for the roles-and-permissions screen (and the `permissions` table,
 * which the server fills from this at every start). A new permission needs its line here.
 */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  section_dashboard: 'Open the dashboard: queue counts, services, failed requests',
  section_report: 'Open the reports',
  section_message_history: 'Open the moderation history of every service',
  section_customer_moderation: "Open the moderation history of the customer's own services",
  section_ai_moderation: 'Search and export AI moderation results',
  section_content_sender: 'Send test content into the queue',
  section_demo_moderation: 'Open the demo moderation page',
  section_moderation: 'Moderate: receive items from the queue and submit decisions',
  section_park: 'Use the park screen (pause moderation)',
  section_profile: 'Open their own profile and change their own password',
  section_charts: 'Open the charts',
  section_settings: 'Open and change the system settings',
  section_online_users: 'See who is signed in and what they are doing',
  section_users: 'Add, edit and deactivate users; reset their passwords',
  section_voice: 'Open the voice channel',
  section_aggregators: 'Open the aggregators',
  section_pools: 'Manage pools: which operators get which services',
  section_services: 'Manage client services, their tags and callbacks',
  section_subscribers: 'Open the subscribers',
  section_service_tokens: 'List the service API tokens',
  section_ai_services: 'Manage the AI services',
  section_ai_content: 'Open the AI content',
  section_roles_and_permissions: 'Add and edit roles and choose what each role may do',
  section_discard: 'Discard content from the queue',
  section_sandbox: 'Open the developer sandbox',
  section_content_tool: 'Open the content tool',
  section_user_login_history: 'See every sign-in attempt',
  section_user_logs: 'Read the audit log of changes',
  section_chat: 'Moderate the chat channel',
  section_inbox: 'Moderate the inbox channel',
  section_social: 'Moderate the social channel',
  section_calls: 'Moderate the calls channel',
  section_trial_brands: 'Set up the brands of the public trial pages: name, colours, sample set',
  can_view_stuck_pending: 'See the stuck and failed AI tables on the dashboard',
  can_create_api_token: 'Create service API tokens',
  can_revoke_api_token: 'Revoke service API tokens',
  can_view_api_token: 'Reveal a newly created API token',
  can_copy_api_token: 'Copy a newly created API token',
  can_kick_users: 'Sign a user out of every device from the online users list',
  can_park_users: "Pause another user's moderation from the online users list",
};

/**
 * The screen each feature permission belongs to, so the permission matrix lists it under that
 * screen. A new feature permission needs its screen here.
 */
export const FEATURE_PERMISSION_SCREENS: Record<FeaturePermission, SectionPermission> = {
  can_view_stuck_pending: 'section_dashboard',
  can_create_api_token: 'section_service_tokens',
  can_revoke_api_token: 'section_service_tokens',
  can_view_api_token: 'section_service_tokens',
  can_copy_api_token: 'section_service_tokens',
  can_kick_users: 'section_online_users',
  can_park_users: 'section_online_users',
};

export const BUILT_IN_ROLES = ['admin', 'developer', 'operator', 'customer', 'demo'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

export function isBuiltInRole(name: string): name is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(name);
}

/** What each built-in role is for; the server fills it in where the description is empty. */
export const BUILT_IN_ROLE_DESCRIPTIONS: Record<BuiltInRole, string> = {
  admin: 'Runs the console: people, roles, services and settings',
  developer: 'Every screen, with the debugging tools',
  operator: 'Moderates the queue',
  customer: 'Follows the moderation of their own services',
  demo: 'Tries the demo moderation page',
};

/**
 * Built-in roles and what a real operation grants them. A role gets these when it is created,
 * and a permission added by a later version is granted to the roles listed with it once, at the
 * first start of that version; after that an administrator's additions and removals stand.
 */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  admin: ALL_PERMISSIONS,
  developer: ALL_PERMISSIONS,
  operator: ['section_moderation', 'section_park'],
  customer: ['section_customer_moderation'],
  demo: ['section_demo_moderation'],
} satisfies Record<BuiltInRole, readonly Permission[]>;

/**
 * What each built-in role cannot lose, because the console relies on it: the administrator
 * keeps the two screens that manage people and roles (so nobody locks everyone out), the
 * developer the dashboard and the moderation screens its debug tools sit on, the operator
 * moderation and park, the customer and demo roles their one page. The server restores these
 * at every start and refuses a change that removes one.
 */
export const ESSENTIAL_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  admin: ['section_users', 'section_roles_and_permissions'],
  developer: ['section_dashboard', 'section_moderation', 'section_park'],
  operator: ['section_moderation', 'section_park'],
  customer: ['section_customer_moderation'],
  demo: ['section_demo_moderation'],
};

/** The permissions a role cannot lose: none for roles an administrator made. */
export function essentialPermissionsOf(roleName: string): readonly Permission[] {
  return isBuiltInRole(roleName) ? ESSENTIAL_PERMISSIONS[roleName] : [];
}
