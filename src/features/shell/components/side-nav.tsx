import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import { ChevronDown, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NAMESPACES } from '../../../contract/socket-events';
import { useSocketStatus } from '../../../lib/socket-manager';
import { useClickLock } from '../../../lib/use-click-lock';
import { SHELL_TEXTS, type NavItem, type Navigation } from '../navigation';
import { NavIcon } from './nav-icon';

/** SPEC §9: navigation locks 2 s after a click; a hover-opened drawer stays open 5 s. */
const NAV_LOCK_MS = 2_000;
const HOVER_LOCK_MS = 5_000;

function NavLink({
  item,
  expanded,
  locked,
  onNavigate,
}: {
  item: NavItem;
  expanded: boolean;
  locked: boolean;
  onNavigate: () => void;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onlineUsers = useSocketStatus(NAMESPACES.onlineUsers);
  const unavailable = item.path === '/moderation' && onlineUsers !== 'connected';
  const active = pathname === item.path;
  const className = clsx(
    'flex h-10 items-center gap-3 rounded-md px-3 text-sm transition-colors',
    active && 'bg-gold-500/15 font-medium text-gold-800 dark:text-gold-300',
    !active && 'text-stone-700 dark:text-zinc-300',
    !active && !unavailable && 'hover:bg-stone-200/70 dark:hover:bg-zinc-800',
    locked && 'pointer-events-none opacity-50',
    // Not a link, so nothing to click; the pointer still reaches it for its tooltip (title).
    unavailable && 'cursor-not-allowed opacity-50',
  );
  const content = (
    <>
      <NavIcon name={item.path} />
      <span className={clsx('truncate', !expanded && 'sr-only')}>{item.label}</span>
    </>
  );
  if (unavailable) {
    return (
      <span
        className={className}
        aria-disabled="true"
        title={SHELL_TEXTS.moderationUnavailable}
        data-testid="nav-moderation-unavailable"
      >
        {content}
        <span className="sr-only">{SHELL_TEXTS.moderationUnavailable}</span>
      </span>
    );
  }
  return (
    <Link
      to={item.path}
      className={className}
      title={item.title}
      aria-current={active ? 'page' : undefined}
      aria-disabled={locked || undefined}
      onClick={onNavigate}
    >
      {content}
    </Link>
  );
}

export function SideNav({
  navigation,
  pinned,
  onPinnedChange,
}: {
  navigation: Navigation;
  pinned: boolean;
  onPinnedChange: (pinned: boolean) => void;
}) {
  const [hoverOpen, setHoverOpen] = useState(false);
  const { locked, run: lockNavigation } = useClickLock(NAV_LOCK_MS);
  const hoverTimer = useRef<number | undefined>(undefined);
  const expanded = pinned || hoverOpen;

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  function togglePinned() {
    onPinnedChange(!pinned);
    setHoverOpen(false);
  }

  function onHover() {
    if (pinned || hoverOpen) return;
    setHoverOpen(true);
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => setHoverOpen(false), HOVER_LOCK_MS);
  }

  function onNavigate() {
    // The link itself navigates; the lock only keeps a second click from following it.
    lockNavigation(() => undefined);
  }

  const linkProps = { expanded, locked, onNavigate };
  return (
    <nav
      aria-label="Main navigation"
      onMouseEnter={onHover}
      className={clsx(
        'fixed inset-y-0 left-0 z-30 flex flex-col border-r border-stone-200 bg-white pt-appbar transition-[width] duration-200 dark:border-zinc-800 dark:bg-zinc-900',
        expanded ? 'w-drawer' : 'w-drawer-mini',
        hoverOpen && !pinned && 'shadow-xl',
      )}
    >
      <div className="flex-1 space-y-1 overflow-y-auto p-2">
        {navigation.main.map((item) => (
          <NavLink key={item.path} item={item} {...linkProps} />
        ))}
        {navigation.groups.map((section) => (
          <Disclosure key={section.group} defaultOpen>
            <DisclosureButton className="flex h-10 w-full items-center gap-3 rounded-md px-3 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase hover:bg-stone-100 dark:text-zinc-400 dark:hover:bg-zinc-800">
              <NavIcon name={section.group} />
              <span className={clsx('flex-1', !expanded && 'sr-only')}>{section.group}</span>
              {expanded && <ChevronDown aria-hidden="true" className="size-4" />}
            </DisclosureButton>
            <DisclosurePanel className={clsx('space-y-1', expanded && 'pl-3')}>
              {section.items.map((item) => (
                <NavLink key={item.path} item={item} {...linkProps} />
              ))}
            </DisclosurePanel>
          </Disclosure>
        ))}
      </div>
      <div className="space-y-1 border-t border-stone-200 p-2 dark:border-zinc-800">
        {navigation.bottom.map((item) => (
          <NavLink key={item.path} item={item} {...linkProps} />
        ))}
        <button
          type="button"
          onClick={togglePinned}
          className="flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm text-stone-600 hover:bg-stone-200/70 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          {pinned ? (
            <PanelLeftClose aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <PanelLeftOpen aria-hidden="true" className="size-5 shrink-0" />
          )}
          {/* Its name is its text, shown or not: a shorter visible label than the name fails WCAG 2.5.3. */}
          <span className={clsx(!expanded && 'sr-only')}>
            {pinned ? 'Collapse navigation' : 'Keep navigation open'}
          </span>
        </button>
      </div>
    </nav>
  );
}
