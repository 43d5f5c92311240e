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

/** Built-in roles and what a real operation grants them. */
export const ROLE_PERMISSIONS: Record<string, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  developer: ALL_PERMISSIONS,
  operator: ['section_moderation', 'section_park'],
  customer: ['section_customer_moderation'],
  demo: ['section_demo_moderation'],
};
