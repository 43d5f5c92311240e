import { useQuery } from '@tanstack/react-query';
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { RoleRow } from '../../../contract/roles';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { useCurrentUser } from '../../auth/api/current-user';
import { rolesQuery } from '../api/get-roles';
import { useDeleteRole } from '../api/role-mutations';
import { ROLES_PAGE_TEXTS as TEXTS } from '../roles-texts';
import { PermissionMatrix } from './permission-matrix';
import { RoleFormDialog, type RoleFormTarget } from './role-form-dialog';
import { RoleTwoFactorSwitch } from './role-two-factor-switch';

const column = createColumnHelper<RoleRow>();
const muted = 'text-stone-500 dark:text-zinc-400';

const COLUMNS = [
  column.accessor('name', {
    header: TEXTS.columns.role,
    meta: { rowHeader: true },
    cell: ({ row }) => (
      <span className="flex items-center gap-2 font-medium">
        {row.original.name}
        {row.original.built_in && (
          <span
            className="whitespace-nowrap rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-gold-900 dark:bg-gold-500/15 dark:text-gold-200"
            title={TEXTS.builtInHint}
          >
            {TEXTS.builtIn}
          </span>
        )}
      </span>
    ),
  }),
  column.accessor('description', {
    header: TEXTS.columns.description,
    // Long descriptions wrap, so the row's actions stay on screen beside the switches.
    meta: { cellClassName: 'min-w-48 whitespace-normal!' },
    cell: ({ getValue }) => getValue() || <span className={muted}>{TEXTS.noDescription}</span>,
  }),
  column.accessor('users', { header: TEXTS.columns.users, meta: { numeric: true } }),
  column.accessor((row) => row.permissions.length, {
    id: 'permissions',
    header: TEXTS.columns.permissions,
    meta: { numeric: true },
  }),
  column.accessor('requires_two_factor', {
    header: () => <span title={TEXTS.twoFactorColumn}>{TEXTS.columns.twoFactor}</span>,
    meta: { label: TEXTS.twoFactorColumn },
    cell: ({ row }) => <RoleTwoFactorSwitch role={row.original} />,
  }),
];

function deleteBlocker(role: RoleRow): string | undefined {
  if (role.built_in) return TEXTS.cannotDeleteBuiltIn;
  if (role.users > 0) return TEXTS.cannotDeleteInUse(role.users);
  return undefined;
}

/**
 * /roles-and-permissions: the roles with their user counts (add, rename, copy, delete), and the
 * permission matrix. What the signed-in user does not hold is shown but locked: the server
 * refuses a grant beyond one's own permissions anyway.
 */
export function RolesPage() {
  useDocumentTitle(TEXTS.title);
  const me = useCurrentUser();
  const roles = useQuery(rolesQuery);
  const remove = useDeleteRole();
  const [form, setForm] = useState<RoleFormTarget | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const rows = roles.data;
  const held = useMemo(() => me.permissions, [me.permissions]);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(TEXTS.deleted(deleting.name));
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{TEXTS.title}</h1>
        <button type="button" className="btn-primary" onClick={() => setForm({ mode: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          {TEXTS.newRole}
        </button>
      </div>

      <section className="panel min-w-0" aria-labelledby="roles-heading">
        <h2
          id="roles-heading"
          className="border-b border-stone-200 px-4 py-3 text-base font-semibold dark:border-zinc-800"
        >
          {TEXTS.rolesTitle}
        </h2>
        <DataTable
          caption={TEXTS.rolesTitle}
          columns={COLUMNS}
          rows={rows}
          getRowId={(row) => String(row.id)}
          rowTestId={(row) => `role-row-${row.name}`}
          loadingLabel={TEXTS.loading}
          error={
            roles.isError
              ? {
                  message: TEXTS.loadFailed(errorMessage(roles.error)),
                  onRetry: () => void roles.refetch(),
                }
              : null
          }
          scrollClassName="max-h-none"
          rowActions={(row) => {
            const blocker = deleteBlocker(row);
            return (
              <div className="flex items-center justify-end gap-1">
                <button
                  type="button"
                  className="btn-ghost px-2.5 py-1"
                  aria-label={TEXTS.renameLabel(row.name)}
                  onClick={() => setForm({ mode: 'rename', role: row })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  <span className="hidden lg:inline">{TEXTS.rename}</span>
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2.5 py-1"
                  aria-label={TEXTS.copyLabel(row.name)}
                  onClick={() => setForm({ mode: 'add', copyFrom: row })}
                >
                  <Copy aria-hidden="true" className="size-4" />
                  <span className="hidden lg:inline">{TEXTS.copy}</span>
                </button>
                {/* Built-in roles are never deleted; a custom role in use says why it cannot be. */}
                {!row.built_in && (
                  <span title={blocker}>
                    <button
                      type="button"
                      className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                      aria-label={
                        blocker
                          ? `${TEXTS.deleteLabel(row.name)}: ${blocker}`
                          : TEXTS.deleteLabel(row.name)
                      }
                      disabled={blocker !== undefined}
                      onClick={() => setDeleting(row)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="hidden lg:inline">{TEXTS.delete}</span>
                    </button>
                  </span>
                )}
              </div>
            );
          }}
          testId="roles-table"
        />
      </section>

      {rows && <PermissionMatrix roles={rows} held={held} />}

      {form && (
        <RoleFormDialog
          key={form.mode === 'rename' ? `rename-${form.role.id}` : `add-${form.copyFrom?.id ?? ''}`}
          target={form}
          roles={rows ?? []}
          onClose={() => setForm(null)}
          onDone={(role, mode) => {
            setForm(null);
            notify.success(mode === 'add' ? TEXTS.created(role.name) : TEXTS.renamed(role.name));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={TEXTS.deleteTitle(deleting?.name ?? '')}
        description={TEXTS.deleteText}
        confirmLabel={TEXTS.delete}
        busyLabel={TEXTS.deleting}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
