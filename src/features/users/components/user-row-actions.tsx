import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import clsx from 'clsx';
import {
  KeyRound,
  LockOpen,
  MoreHorizontal,
  Pencil,
  ShieldOff,
  UserCheck,
  UserX,
} from 'lucide-react';
import type { UserRow } from '../../../contract/users';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';

export type UserRowAction = 'deactivate' | 'activate' | 'reset' | 'unlock' | 'reset_two_factor';

const itemClass =
  'flex w-full items-center gap-2 px-3 py-2 text-left text-sm data-focus:bg-stone-100 dark:data-focus:bg-zinc-800';

/**
 * A row's actions: Edit as a button, the rest in a menu (so a row stays one line on a tablet).
 * Deactivating one's own account is not offered (the server refuses it too).
 */
export function UserRowActions({
  row,
  ownAccount,
  mailEnabled,
  onEdit,
  onAction,
}: {
  row: UserRow;
  ownAccount: boolean;
  mailEnabled: boolean;
  onEdit: () => void;
  onAction: (action: UserRowAction) => void;
}) {
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        className="btn-ghost px-2.5 py-1"
        aria-label={TEXTS.editLabel(row.username)}
        title={TEXTS.edit}
        onClick={onEdit}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <Menu>
        <MenuButton className="btn-ghost px-2 py-1" aria-label={TEXTS.moreLabel(row.username)}>
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-60 rounded-lg border border-stone-200 bg-white py-1 shadow-lg focus:outline-none dark:border-zinc-700 dark:bg-zinc-900"
        >
          {row.active && (
            <MenuItem>
              <button type="button" className={itemClass} onClick={() => onAction('reset')}>
                <KeyRound aria-hidden="true" className="size-4" />
                {mailEnabled ? TEXTS.sendReset : TEXTS.newOneTimePassword}
              </button>
            </MenuItem>
          )}
          {row.locked && (
            <MenuItem>
              <button type="button" className={itemClass} onClick={() => onAction('unlock')}>
                <LockOpen aria-hidden="true" className="size-4" />
                {TEXTS.clearLock}
              </button>
            </MenuItem>
          )}
          {row.two_factor_enabled && (
            <MenuItem>
              <button
                type="button"
                className={itemClass}
                onClick={() => onAction('reset_two_factor')}
              >
                <ShieldOff aria-hidden="true" className="size-4" />
                {TEXTS.resetTwoFactor}
              </button>
            </MenuItem>
          )}
          {row.active && !ownAccount && (
            <MenuItem>
              <button
                type="button"
                className={clsx(itemClass, 'text-red-700 dark:text-red-400')}
                onClick={() => onAction('deactivate')}
              >
                <UserX aria-hidden="true" className="size-4" />
                {TEXTS.deactivate}
              </button>
            </MenuItem>
          )}
          {!row.active && (
            <MenuItem>
              <button type="button" className={itemClass} onClick={() => onAction('activate')}>
                <UserCheck aria-hidden="true" className="size-4" />
                {TEXTS.activate}
              </button>
            </MenuItem>
          )}
        </MenuItems>
      </Menu>
    </div>
  );
}
