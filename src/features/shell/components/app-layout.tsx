import { Outlet } from '@tanstack/react-router';
import clsx from 'clsx';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { connectAllSockets } from '../../../lib/socket-manager';
import { useCurrentUser } from '../../auth/api/current-user';
import { useOutboxUser } from '../../outbox/use-outbox';
import { useRequestPersistentStorage } from '../../../lib/persistent-storage';
import { buildNavigation, showsDrawer } from '../navigation';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** Wide enough for the full drawer beside the page (Tailwind's `lg`, as the page's padding). */
const WIDE = '(min-width: 1024px)';

/** The drawer is kept open on wide screens unless the user collapsed it. */
function pinnedByDefault(wide: boolean): boolean {
  return wide && localStorage.getItem('drawer') !== 'mini';
}

/** The signed-in frame: app bar, drawer (not for operators and demo), the page. */
export function AppLayout({ topBarStatus }: { topBarStatus?: ReactNode }) {
  const user = useCurrentUser();
  const navigation = useMemo(() => buildNavigation(user.permissions), [user.permissions]);
  const [pinned, setPinned] = useState(() => pinnedByDefault(window.matchMedia(WIDE).matches));
  const drawer = showsDrawer(user.role);
  useOutboxUser(user.id);
  useRequestPersistentStorage(true);

  useEffect(() => {
    connectAllSockets();
  }, []);

  // A window or tablet that turns narrow gets the room back: the full drawer would cover the
  // page. Turning wide again restores the operator's choice.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const onChange = () => setPinned(pinnedByDefault(wide.matches));
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  function onPinnedChange(next: boolean) {
    localStorage.setItem('drawer', next ? 'full' : 'mini');
    setPinned(next);
  }

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-gold-500 focus:px-3 focus:py-2 focus:text-zinc-950"
      >
        Skip to content
      </a>
      <TopBar user={user} status={topBarStatus} />
      {drawer && (
        <SideNav navigation={navigation} pinned={pinned} onPinnedChange={onPinnedChange} />
      )}
      <main
        id="main"
        className={clsx(
          'pt-appbar',
          drawer && (pinned ? 'lg:pl-drawer pl-drawer-mini' : 'pl-drawer-mini'),
        )}
      >
        <div className="mx-auto max-w-7xl p-4 sm:p-6">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
