import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { CircleUser, LogOut, Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { NAMESPACES, type UserLoggedStatus } from '../../../contract/socket-events';
import { getSocket, useSocketStatuses, type SocketStatus } from '../../../lib/socket-manager';
import { toggleTheme, useTheme } from '../../../lib/theme';
import { useRequestSignOut } from '../../auth/components/sign-out-guard';
import { isDeveloper, showsProfileLink } from '../navigation';
import { MODERATING_TEXTS } from '../profile-menu-texts';

const STATUS_COLOURS: Record<SocketStatus, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400',
  disconnected: 'bg-red-500',
};

/**
 * The server's user-logged-status.{id} (SPEC §7): whether a tab of this user moderates. Sent
 * when a socket connects and whenever moderation starts or ends, so it is listened to all along.
 */
function useLoggedStatus(userId: number | null): UserLoggedStatus | null {
  const [status, setStatus] = useState<UserLoggedStatus | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const socket = getSocket(NAMESPACES.onlineUsers);
    const event = `user-logged-status.${userId}` as const;
    socket.on(event, setStatus);
    return () => {
      socket.off(event, setStatus);
    };
  }, [userId]);
  return status;
}

function SocketStatusList({ loggedStatus }: { loggedStatus: UserLoggedStatus | null }) {
  const statuses = useSocketStatuses();
  return (
    <MenuSection className="border-t border-stone-200 py-1 dark:border-zinc-800">
      <MenuHeading className="px-3 pt-1 pb-1 text-xs font-semibold text-stone-500 uppercase dark:text-zinc-400">
        Socket connections
      </MenuHeading>
      {[...statuses].map(([namespace, status]) => (
        <MenuItem key={namespace} disabled>
          <div
            className="flex items-center justify-between gap-4 px-3 py-1 text-xs"
            data-testid={`socket-status-${namespace.slice(1)}`}
          >
            <span className="font-mono">{namespace}</span>
            <span className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={clsx('size-2 rounded-full', STATUS_COLOURS[status])}
              />
              {status}
            </span>
          </div>
        </MenuItem>
      ))}
      {loggedStatus && (
        <MenuItem disabled>
          <div
            className="flex items-center justify-between gap-4 px-3 py-1 text-xs"
            data-testid="moderating-status"
          >
            <span>{MODERATING_TEXTS.label}</span>
            <span>{loggedStatus.moderating ? MODERATING_TEXTS.yes : MODERATING_TEXTS.no}</span>
          </div>
        </MenuItem>
      )}
    </MenuSection>
  );
}

const itemClass =
  'flex w-full items-center gap-2 px-3 py-2 text-left text-sm data-focus:bg-stone-100 dark:data-focus:bg-zinc-800';

export function ProfileMenu({ user }: { user: CurrentUser }) {
  const theme = useTheme();
  const signOut = useRequestSignOut();
  const developer = isDeveloper(user.role);
  const loggedStatus = useLoggedStatus(developer ? user.id : null);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  const initials = name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex items-center gap-2 rounded-full p-1 pr-3 text-sm hover:bg-stone-200/70 dark:hover:bg-zinc-800"
        aria-label={`Profile menu for ${name}`}
      >
        {/* The initials are drawn by CSS, not text: as text they would be part of the button's
            visible label without being part of its accessible name. */}
        <span
          aria-hidden="true"
          data-initials={initials}
          className="grid size-8 place-items-center rounded-full bg-gold-500 text-xs font-semibold text-zinc-950 before:content-[attr(data-initials)]"
        />
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-72 rounded-lg border border-stone-200 bg-white py-1 shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
      >
        <div className="px-3 py-2 text-xs text-stone-500 dark:text-zinc-400">
          Signed in as{' '}
          <span className="font-medium text-stone-800 dark:text-zinc-200">{user.username}</span> (
          {user.role})
        </div>
        <MenuItem>
          <button type="button" className={itemClass} onClick={toggleTheme}>
            {theme === 'dark' ? (
              <Sun aria-hidden="true" className="size-4" />
            ) : (
              <Moon aria-hidden="true" className="size-4" />
            )}
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </button>
        </MenuItem>
        {showsProfileLink(user.role, user.permissions) && (
          <MenuItem>
            <Link to="/my-profile" className={itemClass}>
              <CircleUser aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => signOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </MenuItem>
        {developer && <SocketStatusList loggedStatus={loggedStatus} />}
      </MenuItems>
    </Menu>
  );
}
