import { Switch } from '@headlessui/react';
import type { RoleRow } from '../../../contract/roles';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useSetRoleTwoFactor } from '../api/role-mutations';
import { ROLES_PAGE_TEXTS as TEXTS } from '../roles-texts';

/**
 * A role's "Requires two-factor sign-in" switch, saved at once. Its users who have not set it
 * up are sent to the setup screen within seconds (the server tells their consoles).
 */
export function RoleTwoFactorSwitch({ role }: { role: RoleRow }) {
  const save = useSetRoleTwoFactor();
  const checked = save.isPending
    ? (save.variables?.required ?? role.requires_two_factor)
    : role.requires_two_factor;
  return (
    <Switch
      checked={checked}
      disabled={save.isPending}
      aria-label={TEXTS.twoFactorLabel(role.name)}
      title={TEXTS.twoFactorHint}
      onChange={(required) =>
        save.mutate(
          { role_id: role.id, required },
          {
            onSuccess: () => notify.success(TEXTS.twoFactorSaved(role.name, required)),
            onError: (error) => notify.error(errorMessage(error)),
          },
        )
      }
      className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors data-checked:bg-gold-500 data-disabled:cursor-wait data-disabled:opacity-70 dark:bg-zinc-700 dark:data-checked:bg-gold-500"
    >
      <span
        aria-hidden="true"
        className="inline-block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-[1.125rem]"
      />
    </Switch>
  );
}
