import clsx from 'clsx';
import { LoaderCircle, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PERMISSION_DESCRIPTIONS, type Permission } from '../../../contract/permissions';
import type { RoleRow } from '../../../contract/roles';
import { permissionGroups } from '../../../contract/routes';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useSetPermissions } from '../api/role-mutations';
import { ROLES_PAGE_TEXTS as TEXTS } from '../roles-texts';
import { countChanges, toggled, type Drafts } from '../permission-drafts';

interface MatrixRow {
  permission: Permission;
  /** The screen's title, or for an action inside a screen its description. */
  name: string;
  description: string;
  feature: boolean;
}

const GROUPS = permissionGroups().map((group) => ({
  name: group.name,
  rows: group.screens.flatMap((screen): MatrixRow[] => [
    {
      permission: screen.permission,
      name: screen.title,
      description: PERMISSION_DESCRIPTIONS[screen.permission],
      feature: false,
    },
    ...screen.features.map((feature) => ({
      permission: feature,
      name: PERMISSION_DESCRIPTIONS[feature],
      description: '',
      feature: true,
    })),
  ]),
}));

/**
 * The role × permission matrix. Ticks are collected as unsaved changes (highlighted) and saved
 * together, one call per changed role, so a permission set is changed deliberately and each
 * role's change is one audit row. A built-in role's essential permissions show ticked and
 * locked, with the reason; so do permissions the signed-in user does not hold (nobody grants
 * more than they have), and roles that hold more than they do.
 */
export function PermissionMatrix({
  roles,
  held,
}: {
  roles: readonly RoleRow[];
  held: readonly string[];
}) {
  const [drafts, setDrafts] = useState<Drafts>(new Map());
  const [saving, setSaving] = useState(false);
  const save = useSetPermissions();
  const changes = useMemo(() => countChanges(roles, drafts), [roles, drafts]);

  const permissionsOf = (role: RoleRow): ReadonlySet<string> =>
    drafts.get(role.id) ?? new Set(role.permissions);
  const beyondMe = (role: RoleRow) => role.permissions.some((p) => !held.includes(p));

  async function saveAll() {
    setSaving(true);
    const savedNames: string[] = [];
    const failed = new Map(drafts);
    for (const role of roles) {
      const draft = drafts.get(role.id);
      if (!draft) continue;
      try {
        await save.mutateAsync({ role_id: role.id, permissions: [...draft] });
        failed.delete(role.id);
        savedNames.push(role.name);
      } catch (error) {
        notify.error(TEXTS.saveFailed(role.name, errorMessage(error)));
      }
    }
    setDrafts(failed);
    setSaving(false);
    if (savedNames.length > 0) notify.success(TEXTS.saved(savedNames));
  }

  return (
    <section className="panel min-w-0" aria-labelledby="permissions-heading">
      <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-zinc-800">
        <div className="mr-auto min-w-0">
          <h2 id="permissions-heading" className="text-base font-semibold">
            {TEXTS.matrixTitle}
          </h2>
          <p className="mt-0.5 max-w-3xl text-sm text-stone-600 dark:text-zinc-400">
            {TEXTS.matrixIntro}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p
            className={clsx(
              'mr-1 text-sm',
              changes.cells > 0
                ? 'font-medium text-gold-800 dark:text-gold-300'
                : 'text-stone-500 dark:text-zinc-400',
            )}
            aria-live="polite"
            data-testid="unsaved-changes"
          >
            {changes.cells > 0 ? TEXTS.unsaved(changes.cells, changes.roles) : TEXTS.noChanges}
          </p>
          <button
            type="button"
            className="btn-secondary"
            disabled={changes.cells === 0 || saving}
            onClick={() => setDrafts(new Map())}
          >
            {TEXTS.discard}
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={changes.cells === 0 || saving}
            aria-busy={saving || undefined}
            onClick={() => void saveAll()}
          >
            {saving && (
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            )}
            {saving ? TEXTS.saving : TEXTS.save}
          </button>
        </div>
      </div>
      <div className="max-h-[70vh] overflow-auto">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{TEXTS.matrixCaption}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky top-0 left-0 z-30 min-w-64 border-b border-stone-200 bg-stone-50 px-4 py-2 text-left font-semibold dark:border-zinc-800 dark:bg-zinc-950"
              >
                {TEXTS.permissionColumn}
              </th>
              {roles.map((role) => (
                <th
                  key={role.id}
                  scope="col"
                  className="sticky top-0 z-20 min-w-24 border-b border-stone-200 bg-stone-50 px-2 py-2 text-center font-semibold dark:border-zinc-800 dark:bg-zinc-950"
                  title={beyondMe(role) ? TEXTS.roleBeyondYouHint(role.name) : undefined}
                >
                  <span className="block max-w-32 truncate">{role.name}</span>
                </th>
              ))}
            </tr>
          </thead>
          {GROUPS.map((group) => (
            <tbody key={group.name}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={roles.length + 1}
                  className="sticky left-0 border-b border-stone-200 bg-stone-100/80 px-4 py-1.5 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase dark:border-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-300"
                >
                  {group.name}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr
                  key={row.permission}
                  className="group hover:bg-stone-50 dark:hover:bg-zinc-800/40"
                >
                  <th
                    scope="row"
                    className={clsx(
                      'sticky left-0 z-10 border-b border-stone-100 bg-white py-2 pr-4 text-left font-normal group-hover:bg-stone-50 dark:border-zinc-800/70 dark:bg-zinc-900 dark:group-hover:bg-zinc-800',
                      row.feature ? 'pl-9' : 'pl-4',
                    )}
                  >
                    <span className="block">
                      <span className={clsx(!row.feature && 'font-medium')}>{row.name}</span>{' '}
                      <code className="text-[11px] text-stone-500 dark:text-zinc-400">
                        {row.permission}
                      </code>
                    </span>
                    {row.description && (
                      <span className="block text-xs text-stone-600 dark:text-zinc-400">
                        {row.description}
                      </span>
                    )}
                  </th>
                  {roles.map((role) => {
                    const checked = permissionsOf(role).has(row.permission);
                    const changed = checked !== role.permissions.includes(row.permission);
                    const essential = role.essential_permissions.includes(row.permission);
                    const notHeld = !held.includes(row.permission);
                    const lockedReason = essential
                      ? TEXTS.essentialHint(role.name)
                      : beyondMe(role)
                        ? TEXTS.roleBeyondYouHint(role.name)
                        : notHeld
                          ? TEXTS.notHeldHint
                          : undefined;
                    return (
                      <td
                        key={role.id}
                        className={clsx(
                          'border-b border-stone-100 px-2 py-2 text-center dark:border-zinc-800/70',
                          changed && 'bg-gold-100/70 dark:bg-gold-500/15',
                        )}
                        title={lockedReason}
                      >
                        <span className="relative inline-flex items-center">
                          <input
                            type="checkbox"
                            className="size-4 accent-gold-500 disabled:cursor-not-allowed"
                            checked={checked}
                            disabled={lockedReason !== undefined || saving}
                            aria-label={
                              lockedReason
                                ? `${TEXTS.cellLabel(role.name, row.name)} (${lockedReason})`
                                : TEXTS.cellLabel(role.name, row.name)
                            }
                            data-testid={`perm-${role.name}-${row.permission}`}
                            onChange={() =>
                              setDrafts((current) =>
                                toggled(current, role, row.permission, !checked),
                              )
                            }
                          />
                          {essential && (
                            <Lock
                              aria-hidden="true"
                              className="absolute -top-1.5 -right-3 size-3 text-stone-500 dark:text-zinc-400"
                            />
                          )}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
