import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PoolRow } from '../../../contract/pools';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { poolsQuery } from '../api/get-pools';
import { useDeletePool } from '../api/pool-mutations';
import { POOLS_PAGE_TEXTS as TEXTS } from '../pools-texts';
import { PoolFormDialog, type PoolFormTarget } from './pool-form-dialog';

const column = createColumnHelper<PoolRow>();
const muted = 'text-stone-500 dark:text-zinc-400';
/** Quiet text on the page background, which is darker than a panel's. */
const onPage = 'text-stone-600 dark:text-zinc-400';

function Names({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className={muted}>{TEXTS.none}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((name) => (
        <li
          key={name}
          className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS = [
  column.accessor('name', {
    header: TEXTS.columns.name,
    meta: { rowHeader: true },
    cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
  }),
  column.accessor('description', {
    header: TEXTS.columns.description,
    meta: { cellClassName: 'min-w-40 whitespace-normal!' },
    cell: ({ getValue }) => getValue() || <span className={muted}>{TEXTS.none}</span>,
  }),
  column.accessor((row) => row.services.map((service) => service.name), {
    id: 'services',
    header: TEXTS.columns.services,
    enableSorting: false,
    meta: { cellClassName: 'min-w-40 whitespace-normal!' },
    cell: ({ getValue }) => <Names names={getValue()} />,
  }),
  column.accessor((row) => row.members.map((member) => member.username), {
    id: 'members',
    header: TEXTS.columns.members,
    enableSorting: false,
    meta: { cellClassName: 'min-w-40 whitespace-normal!' },
    cell: ({ getValue }) => <Names names={getValue()} />,
  }),
];

/**
 * /pools: the routing pools with their services and operators (add, edit, delete). The server
 * checks every rule; the list refreshes after each change.
 */
export function PoolsPage() {
  useDocumentTitle(TEXTS.title);
  const pools = useQuery(poolsQuery);
  const remove = useDeletePool();
  const [form, setForm] = useState<PoolFormTarget | null>(null);
  const [deleting, setDeleting] = useState<PoolRow | null>(null);

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
          {TEXTS.newPool}
        </button>
      </div>
      <p className={`max-w-3xl text-sm ${onPage}`}>{TEXTS.intro}</p>

      <section className="panel min-w-0" aria-label={TEXTS.tableCaption}>
        <DataTable
          caption={TEXTS.tableCaption}
          columns={COLUMNS}
          rows={pools.data}
          clientSort
          getRowId={(row) => String(row.id)}
          rowTestId={(row) => `pool-row-${row.name}`}
          loadingLabel={TEXTS.loading}
          empty={TEXTS.empty}
          error={
            pools.isError
              ? {
                  message: TEXTS.loadFailed(errorMessage(pools.error)),
                  onRetry: () => void pools.refetch(),
                }
              : null
          }
          scrollClassName="max-h-none"
          rowActions={(row) => (
            <div className="flex items-center justify-end gap-1">
              <button
                type="button"
                className="btn-ghost px-2.5 py-1"
                aria-label={TEXTS.editLabel(row.name)}
                onClick={() => setForm({ mode: 'edit', pool: row })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                <span className="hidden lg:inline">{TEXTS.edit}</span>
              </button>
              <button
                type="button"
                className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                aria-label={TEXTS.deleteLabel(row.name)}
                onClick={() => setDeleting(row)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="hidden lg:inline">{TEXTS.delete}</span>
              </button>
            </div>
          )}
          testId="pools-table"
        />
      </section>

      {form && (
        <PoolFormDialog
          key={form.mode === 'edit' ? `edit-${form.pool.id}` : 'add'}
          target={form}
          onClose={() => setForm(null)}
          onDone={(pool) => {
            const mode = form.mode;
            setForm(null);
            notify.success(mode === 'add' ? TEXTS.created(pool.name) : TEXTS.saved(pool.name));
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
