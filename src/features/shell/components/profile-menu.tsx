import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { CircleUser, LogOut, Moon, Sun } from 'lucide-react';
import { useRef } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import type { UserLoggedStatus } from '../../../contract/socket-events';
import { useSocketStatuses, type SocketStatus } from '../../../lib/socket-manager';
import { toggleTheme, useTheme } from '../../../lib/theme';
import { type HandOver, useTakeOver } from '../../../ui/stand-in-trigger';
import { useRequestSignOut } from '../../auth/components/sign-out-guard';
import { isDeveloper, showsProfileLink } from '../navigation';
import { MODERATING_TEXTS } from '../profile-menu-texts';
import { profileTriggerProps } from './profile-trigger';

const STATUS_COLOURS: Record<SocketStatus, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400',
  disconnected: 'bg-red-500',
};

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

export function ProfileMenu({
  user,
  loggedStatus,
  handOverRef,
}: {
  user: CurrentUser;
  /** Developers only: whether a tab of theirs moderates (null until the server said). */
  loggedStatus: UserLoggedStatus | null;
  handOverRef?: HandOver;
}) {
  const theme = useTheme();
  const signOut = useRequestSignOut();
  const developer = isDeveloper(user.role);
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeOver(trigger, handOverRef);

  return (
    <Menu as="div" className="relative">
      <MenuButton ref={trigger} {...profileTriggerProps(user)} />
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
