/**
 * The navigation a user sees, derived from the route table and their permissions: main items,
 * grouped sub-items (Operations, AI, Tools, Logs, Services) and bottom items (SPEC §2 Shell).
 * Only routes the user may open and that exist in this version appear.
 */
import {
  NAV_GROUPS,
  ROUTE_TABLE,
  canOpen,
  navLabel,
  type NavGroup,
  type RouteEntry,
} from '../../contract/routes';

export interface NavItem {
  path: string;
  title: string;
  label: string;
}

export interface NavSection {
  group: NavGroup;
  items: NavItem[];
}

export interface Navigation {
  main: NavItem[];
  groups: NavSection[];
  bottom: NavItem[];
}

function toItem(route: RouteEntry): NavItem {
  return { path: route.path, title: route.title, label: navLabel(route.title) };
}

export function buildNavigation(permissions: readonly string[]): Navigation {
  const visible = ROUTE_TABLE.filter(
    (route) => route.placement !== 'hidden' && canOpen(route.path, permissions),
  );
  return {
    main: visible.filter((route) => route.placement === 'main' && !route.group).map(toItem),
    groups: NAV_GROUPS.map((group) => ({
      group,
      items: visible.filter((route) => route.group === group).map(toItem),
    })).filter((section) => section.items.length > 0),
    bottom: visible.filter((route) => route.placement === 'bottom').map(toItem),
  };
}

/** SPEC §6: operators and the demo role work without the drawer. */
export function showsDrawer(role: string): boolean {
  return role !== 'operator' && role !== 'demo';
}

/** SPEC §2: Profile is hidden in the profile menu for operators and customers. */
export function showsProfileLink(role: string, permissions: readonly string[]): boolean {
  return role !== 'operator' && role !== 'customer' && canOpen('/my-profile', permissions);
}

export function isDeveloper(role: string): boolean {
  return role === 'developer';
}

export const SHELL_TEXTS = {
  moderationUnavailable: 'Moderation is currently unavailable.',
  operatorModerating: 'You are currently Moderating',
  operatorParked: 'Parked',
} as const;
