import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { canOpen, USERS_SIGNUPS_TAB } from '../../../contract/routes';
import type { BrandRow } from '../../../contract/trials';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { useCurrentUser } from '../../auth/api/current-user';
import { trialBrandsQuery, useDeleteBrand } from '../api/trial-brand-queries';
import { TRIAL_BRANDS_TEXTS as TEXTS } from '../trial-brands-texts';
import { BrandFormDialog, type BrandFormTarget } from './brand-form-dialog';

const column = createColumnHelper<BrandRow>();
const muted = 'text-stone-500 dark:text-zinc-400';
const numberFormat = new Intl.NumberFormat('en-US');

function Swatch({ colour, what }: { colour: string; what: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" title={TEXTS.swatch(what, colour)}>
      <span
        aria-hidden="true"
        className="size-4 rounded border border-black/10 dark:border-white/20"
        style={{ backgroundColor: colour }}
      />
      <span className="font-mono text-xs">{colour}</span>
    </span>
  );
}

interface BrandActions {
  onEdit: (row: BrandRow) => void;
  onDelete: (row: BrandRow) => void;
}

function RowActions({ row, onEdit, onDelete }: BrandActions & { row: BrandRow }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to="/trial/$brand"
        params={{ brand: row.slug }}
        target="_blank"
        className="btn-ghost px-2.5 py-1"
        aria-label={TEXTS.openLabel(row.name)}
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="hidden lg:inline">{TEXTS.open}</span>
      </Link>
      <button
        type="button"
        className="btn-ghost px-2.5 py-1"
        aria-label={TEXTS.editLabel(row.name)}
        onClick={() => onEdit(row)}
      >
        <Pencil aria-hidden="true" className="size-4" />
        <span className="hidden lg:inline">{TEXTS.edit}</span>
      </button>
      <button
        type="button"
        className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
        aria-label={TEXTS.deleteLabel(row.name)}
        onClick={() => onDelete(row)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="hidden lg:inline">{TEXTS.delete}</span>
      </button>
    </div>
  );
}

/**
 * The columns, the row's buttons right after the brand so a tablet reaches them without
 * scrolling; the sign-ups count links to those sign-ups for whoever may open /users.
 */
const brandColumns = (signupsLink: boolean, actions: BrandActions) => [
  column.accessor('name', {
    header: TEXTS.columns.brand,
    meta: { rowHeader: true },
    cell: ({ row }) => (
      <span className="block leading-tight">
        <span className="font-medium">{row.original.name}</span>
        <span className={clsx('block text-xs', muted)}>/trial/{row.original.slug}</span>
      </span>
    ),
  }),
  column.display({
    id: 'actions',
    header: () => <span className="sr-only">{TEXTS.columns.actions}</span>,
    meta: { label: TEXTS.columns.actions },
    enableHiding: false,
    cell: ({ row }) => <RowActions row={row.original} {...actions} />,
  }),
  column.display({
    id: 'colours',
    header: TEXTS.columns.colours,
    cell: ({ row }) => (
      <span className="flex flex-col gap-1">
        <Swatch colour={row.original.primary_color} what={TEXTS.primary} />
        <Swatch colour={row.original.accent_color} what={TEXTS.accent} />
      </span>
    ),
  }),
  column.accessor('sample_set_title', { header: TEXTS.columns.set }),
  column.accessor('active', {
    header: TEXTS.columns.status,
    cell: ({ getValue }) => (
      <span
        className={clsx(
          'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
          getValue()
            ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
            : 'bg-stone-200 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300',
        )}
      >
        {getValue() ? TEXTS.active : TEXTS.inactive}
      </span>
    ),
  }),
  column.accessor('decisions', {
    header: TEXTS.columns.decisions,
    meta: { numeric: true },
    cell: ({ getValue }) => numberFormat.format(getValue()),
  }),
  column.accessor('signups', {
    header: TEXTS.columns.signups,
    meta: { numeric: true },
    cell: ({ row, getValue }) =>
      signupsLink && getValue() > 0 ? (
        <Link
          to="/users"
          search={{ tab: USERS_SIGNUPS_TAB, brand_id: String(row.original.id) }}
          className="underline underline-offset-2"
          aria-label={TEXTS.signupsLabel(getValue(), row.original.name)}
        >
          {numberFormat.format(getValue())}
        </Link>
      ) : (
        numberFormat.format(getValue())
      ),
  }),
  column.accessor('updated_at', {
    header: TEXTS.columns.updated,
    cell: ({ getValue }) => formatDateTime(getValue()),
  }),
];

/**
 * /trial-brands: the brands of the public trial pages (add, edit, delete), with how much each
 * one's pages were used. The server checks every rule; the list refreshes after each change.
 */
export function TrialBrandsPage() {
  useDocumentTitle(TEXTS.title);
  const brands = useQuery(trialBrandsQuery);
  const user = useCurrentUser();
  const [form, setForm] = useState<BrandFormTarget | null>(null);
  const remove = useDeleteBrand();
  const deletion = useDeleteConfirmation<BrandRow>({
    remove: (brand) => remove.mutateAsync(brand.id),
    deleted: (brand) => TEXTS.deleted(brand.name),
  });
  const columns = useMemo(
    () =>
      brandColumns(canOpen('/users', user.permissions), {
        onEdit: (brand) => setForm({ mode: 'edit', brand }),
        onDelete: deletion.ask,
      }),
    [user.permissions, deletion.ask],
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{TEXTS.title}</h1>
        <button type="button" className="btn-primary" onClick={() => setForm({ mode: 'add' })}>
          <Plus aria-hidden="true" className="size-4" />
          {TEXTS.newBrand}
        </button>
      </div>
      <p className="max-w-3xl text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>

      <section className="panel min-w-0" aria-label={TEXTS.tableCaption}>
        <DataTable
          caption={TEXTS.tableCaption}
          columns={columns}
          rows={brands.data}
          clientSort
          getRowId={(row) => String(row.id)}
          rowTestId={(row) => `brand-row-${row.slug}`}
          loadingLabel={TEXTS.loading}
          empty={TEXTS.empty}
          error={
            brands.isError
              ? {
                  message: TEXTS.loadFailed(errorMessage(brands.error)),
                  onRetry: () => void brands.refetch(),
                }
              : null
          }
          scrollClassName="max-h-none"
          testId="trial-brands-table"
        />
      </section>

      {form && (
        <BrandFormDialog
          key={form.mode === 'edit' ? `edit-${form.brand.id}` : 'add'}
          target={form}
          onClose={() => setForm(null)}
          onDone={(brand) => {
            const mode = form.mode;
            setForm(null);
            notify.success(mode === 'add' ? TEXTS.created(brand.name) : TEXTS.saved(brand.name));
          }}
        />
      )}
      {deletion.dialog({
        title: (brand) => TEXTS.deleteTitle(brand.name),
        description: TEXTS.deleteText,
        confirmLabel: TEXTS.delete,
        busyLabel: TEXTS.deleting,
      })}
    </div>
  );
}
