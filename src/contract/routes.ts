import {
  FEATURE_PERMISSIONS,
  FEATURE_PERMISSION_SCREENS,
  type FeaturePermission,
  type SectionPermission,
} from './permissions';

/**
 * The route table of SPEC §2: path, the permission that opens it, its navigation label and
 * where the navigation shows it. The client builds its navigation from it and the server picks
 * the landing page after sign-in from it, so both agree on which routes a user may open.
 */
export type NavPlacement = 'main' | 'bottom' | 'hidden';
export type NavGroup = 'Operations' | 'AI' | 'Tools' | 'Logs' | 'Services';
/** The order in which the navigation shows its groups. */
export const NAV_GROUPS: readonly NavGroup[] = ['Operations', 'AI', 'Tools', 'Logs', 'Services'];

export interface RouteEntry {
  path: string;
  permission: SectionPermission;
  /** Page name: the tab title and the navigation label. */
  title: string;
  placement: NavPlacement;
  group?: NavGroup;
}

/**
 * Paths and params the route table and the server both name, kept here apart from the
 * features' contracts: the route table is in every screen's first load and must not pull their
 * schemas in.
 */
/** Where a user whose role requires two-factor sign-in sets it up, and may go nowhere else. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
/** /users?tab=trial-signups: the trial sign-ups section of /users. */
export const USERS_SIGNUPS_TAB = 'trial-signups';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/dashboard', permission: 'section_dashboard', title: 'Dashboard', placement: 'main' },
  { path: '/reports', permission: 'section_report', title: 'Reports', placement: 'main' },
  {
    path: '/modhistory',
    permission: 'section_message_history',
    title: 'Moderation History',
    placement: 'main',
  },
  {
    path: '/customer-moderation',
    permission: 'section_customer_moderation',
    // Not 'Moderation History' as well: an administrator holds both and sees both entries.
    title: 'Customer Moderation',
    placement: 'main',
  },
  {
    path: '/ai-moderation',
    permission: 'section_ai_moderation',
    title: 'AI Moderation',
    placement: 'main',
  },
  {
    path: '/content-sender',
    permission: 'section_content_sender',
    title: 'Content Sender',
    placement: 'main',
  },
  {
    path: '/trial-page',
    permission: 'section_demo_moderation',
    title: 'Demo Moderation',
    placement: 'main',
  },
  { path: '/moderation', permission: 'section_moderation', title: 'Moderation', placement: 'main' },
  { path: '/park', permission: 'section_park', title: 'Park', placement: 'hidden' },
  { path: '/my-profile', permission: 'section_profile', title: 'Profile', placement: 'hidden' },
  { path: '/charts', permission: 'section_charts', title: 'Charts', placement: 'bottom' },
  { path: '/settings', permission: 'section_settings', title: 'Settings', placement: 'bottom' },
  {
    path: '/online-users',
    permission: 'section_online_users',
    title: 'Online Users',
    placement: 'bottom',
  },
  { path: '/users', permission: 'section_users', title: 'Users', placement: 'bottom' },
  { path: '/voice', permission: 'section_voice', title: 'Voice', placement: 'bottom' },
  {
    path: '/aggregator',
    permission: 'section_aggregators',
    title: 'Aggregators',
    placement: 'main',
    group: 'Operations',
  },
  {
    path: '/pools',
    permission: 'section_pools',
    title: 'Pools',
    placement: 'main',
    group: 'Operations',
  },
  {
    path: '/services',
    permission: 'section_services',
    title: 'Services',
    placement: 'main',
    group: 'Operations',
  },
  {
    path: '/subscriber',
    permission: 'section_subscribers',
    title: 'Subscribers',
    placement: 'main',
    group: 'Operations',
  },
  {
    path: '/service-tokens',
    permission: 'section_service_tokens',
    title: 'Service API Tokens',
    placement: 'main',
    group: 'Operations',
  },
  {
    path: '/aiservices',
    permission: 'section_ai_services',
    title: 'AI Services',
    placement: 'main',
    group: 'AI',
  },
  {
    path: '/aicontent',
    permission: 'section_ai_content',
    title: 'AI Content',
    placement: 'main',
    group: 'AI',
  },
  {
    path: '/roles-and-permissions',
    permission: 'section_roles_and_permissions',
    title: 'Roles and Permissions',
    placement: 'main',
    group: 'Tools',
  },
  {
    path: '/content-tool',
    permission: 'section_content_tool',
    title: 'Content Tool',
    placement: 'main',
    group: 'Tools',
  },
  {
    path: '/discard',
    permission: 'section_discard',
    title: 'Content Discarding',
    placement: 'main',
    group: 'Tools',
  },
  {
    path: '/sandbox',
    permission: 'section_sandbox',
    title: 'Dev Box',
    placement: 'main',
    group: 'Tools',
  },
  {
    path: '/trial-brands',
    permission: 'section_trial_brands',
    title: 'Trial Brands',
    placement: 'main',
    group: 'Tools',
  },
  {
    path: '/user-login-history',
    permission: 'section_user_login_history',
    title: 'User Login History',
    placement: 'main',
    group: 'Logs',
  },
  {
    path: '/user-logs',
    permission: 'section_user_logs',
    title: 'User Logs',
    placement: 'main',
    group: 'Logs',
  },
  {
    path: '/chat',
    permission: 'section_chat',
    title: 'Chat',
    placement: 'main',
    group: 'Services',
  },
  {
    path: '/inbox',
    permission: 'section_inbox',
    title: 'Inbox',
    placement: 'main',
    group: 'Services',
  },
  {
    path: '/social',
    permission: 'section_social',
    title: 'Social',
    placement: 'main',
    group: 'Services',
  },
  {
    path: '/calls',
    permission: 'section_calls',
    title: 'Calls',
    placement: 'main',
    group: 'Services',
  },
];

/**
 * Routes that have a screen in this version. A route listed in ROUTE_TABLE but not here is not
 * registered: it resolves to the not-found page and has no navigation entry. Each issue that
 * builds a screen adds its path here and registers the route in `src/routes`.
 */
export const IMPLEMENTED_ROUTES: readonly string[] = [
  '/my-profile',
  '/moderation',
  '/park',
  '/dashboard',
  '/service-tokens',
  '/aggregator',
  '/online-users',
  '/user-login-history',
  '/user-logs',
  '/users',
  '/roles-and-permissions',
  '/settings',
  '/services',
  '/subscriber',
  '/pools',
  '/aiservices',
  '/ai-moderation',
  '/aicontent',
  '/reports',
  '/charts',
  '/modhistory',
  '/customer-moderation',
  '/content-sender',
  '/content-tool',
  '/discard',
  '/sandbox',
  '/trial-page',
  '/trial-brands',
  '/chat',
  '/inbox',
  '/social',
  '/calls',
  '/voice',
];

/** Order in which the landing page after sign-in is chosen. */
const LANDING_ORDER = [
  '/dashboard',
  '/moderation',
  '/customer-moderation',
  '/trial-page',
  '/my-profile',
];

export function routeFor(path: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((route) => route.path === path);
}

export function canOpen(path: string, permissions: readonly string[]): boolean {
  const route = routeFor(path);
  return (
    route !== undefined &&
    IMPLEMENTED_ROUTES.includes(path) &&
    permissions.includes(route.permission)
  );
}

/** The first screen a user sees after sign-in, or '/' when their role has none yet. */
export function landingPath(permissions: readonly string[]): string {
  const ordered = [...LANDING_ORDER, ...IMPLEMENTED_ROUTES];
  return ordered.find((path) => canOpen(path, permissions)) ?? '/';
}

/** SPEC §9: navigation labels are cut at 15 characters followed by '...'. */
export function navLabel(title: string): string {
  return title.length > 15 ? `${title.slice(0, 15)}...` : title;
}

export const PRODUCT_NAME = 'Moderation Console';

export function tabTitle(pageName: string): string {
  return `${pageName} | ${PRODUCT_NAME}`;
}

/** A screen's permission with the feature permissions that unlock actions inside it. */
export interface PermissionScreen {
  permission: SectionPermission;
  title: string;
  path: string;
  features: FeaturePermission[];
}

export interface PermissionGroup {
  name: string;
  screens: PermissionScreen[];
}

/**
 * Every permission grouped as the navigation groups the screens: the main items (and the
 * screens reached from them, such as park and profile), each navigation group, then the bottom
 * items. Feature permissions are listed under the screen they belong to.
 */
export function permissionGroups(): PermissionGroup[] {
  const screenOf = (route: RouteEntry): PermissionScreen => ({
    permission: route.permission,
    title: route.title,
    path: route.path,
    features: FEATURE_PERMISSIONS.filter(
      (feature) => FEATURE_PERMISSION_SCREENS[feature] === route.permission,
    ),
  });
  const groups: PermissionGroup[] = [
    {
      name: 'Main navigation',
      screens: ROUTE_TABLE.filter((route) => !route.group && route.placement !== 'bottom').map(
        screenOf,
      ),
    },
    ...NAV_GROUPS.map((group) => ({
      name: group,
      screens: ROUTE_TABLE.filter((route) => route.group === group).map(screenOf),
    })),
    {
      name: 'Bottom navigation',
      screens: ROUTE_TABLE.filter((route) => !route.group && route.placement === 'bottom').map(
        screenOf,
      ),
    },
  ];
  return groups.filter((group) => group.screens.length > 0);
}
