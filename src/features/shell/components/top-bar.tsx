import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { ConnectionStatus } from '../../pwa/components/connection-status';
import { SHELL_TEXTS } from '../navigation';
import { ProfileMenuSlot } from './profile-menu-slot';

/**
 * The app bar (66 px). Operators get the minimal bar of SPEC §2: their moderation state and the
 * profile menu. Everyone else gets `status` (counts and Park / Resume, owned by moderation).
 */
export function TopBar({ user, status }: { user: CurrentUser; status?: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isOperator = user.role === 'operator';
  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-appbar items-center gap-4 border-b border-stone-200 bg-white/95 px-4 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full border-2 border-gold-500 text-sm font-bold text-gold-600 dark:text-gold-400"
        >
          M
        </span>
        <span className="hidden text-sm font-semibold tracking-[0.18em] sm:inline">MODERATION</span>
      </div>
      <div className="flex flex-1 items-center justify-end gap-3">
        {isOperator ? (
          <p className="text-sm font-medium" data-testid="operator-state">
            {pathname === '/moderation'
              ? SHELL_TEXTS.operatorModerating
              : SHELL_TEXTS.operatorParked}
          </p>
        ) : (
          status
        )}
        <ConnectionStatus />
        <ProfileMenuSlot user={user} />
      </div>
    </header>
  );
}
