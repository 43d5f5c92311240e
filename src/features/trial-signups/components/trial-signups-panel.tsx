import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { trialSignupEndpoints, type SignupRow } from '../../../contract/trial-signups';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { useDeleteSignup, useSignups } from '../api/get-signups';
import { TRIAL_SIGNUPS_TEXTS as TEXTS } from '../trial-signups-texts';

const column = createColumnHelper<SignupRow>();
const muted = 'text-stone-500 dark:text-zinc-400';
const cutMessage = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

function signupColumns(onDelete: (row: SignupRow) => void) {
  return [
    column.accessor('created_at', {
      id: 'created',
      header: TEXTS.columns.received,
      meta: { firstSort: 'desc' },
      cell: ({ getValue }) => (
        <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>
      ),
    }),
    column.accessor('name', {
      header: TEXTS.columns.person,
      meta: { rowHeader: true, label: TEXTS.columns.person },
      cell: ({ row }) => (
        <span className="block min-w-44 leading-tight">
          <span className="font-medium">{row.original.name}</span>
          <a
            href={`mailto:${row.original.email}`}
            className="block text-xs text-gold-800 underline underline-offset-2 dark:text-gold-300"
          >
            {row.original.email}
          </a>
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{TEXTS.columns.actions}</span>,
      meta: { label: TEXTS.columns.actions },
      enableHiding: false,
      cell: ({ row }) => (
        <button
          type="button"
          className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
          aria-label={TEXTS.deleteLabel(row.original.name)}
          onClick={() => onDelete(row.original)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      ),
    }),
    column.accessor('company', {
      header: TEXTS.columns.company,
      cell: ({ getValue }) => getValue() || <span className={muted}>–</span>,
    }),
    column.accessor('phone', {
      header: TEXTS.columns.phone,
      enableSorting: false,
      cell: ({ getValue }) => getValue() || <span className={muted}>–</span>,
    }),
    column.accessor('brand_name', {
      id: 'brand',
      header: TEXTS.columns.brand,
      enableSorting: false,
      cell: ({ getValue }) => getValue() || <span className={muted}>{TEXTS.noBrand}</span>,
    }),
    column.accessor('message', {
      header: TEXTS.columns.message,
      enableSorting: false,
      meta: { cellClassName: 'min-w-56' },
      cell: ({ getValue }) =>
        getValue() ? (
          <TruncatedText text={getValue()} cut={cutMessage} />
        ) : (
          <span className={muted}>–</span>
        ),
    }),
  ];
}

/**
 * The "Trial sign-ups" section of /users: the contact details prospects left, server-paged with
 * search and dates in the URL (?tab=trial-signups&search=...), exported as CSV, deleted one by
 * one when a prospect asks to be forgotten.
 */
export function TrialSignupsPanel() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(trialSignupEndpoints.list);
  const signups = useSignups(list.apiQuery);
  const remove = useDeleteSignup();
  const deletion = useDeleteConfirmation<SignupRow>({
    remove: (signup) => remove.mutateAsync(signup.id),
    deleted: (signup) => TEXTS.deleted(signup.name),
  });
  const columns = useMemo(() => signupColumns(deletion.ask), [deletion.ask]);

  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      {list.search.brand_id && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {TEXTS.oneBrand}
          <button
            type="button"
            className={clsx('btn-ghost px-2 py-1 text-sm underline underline-offset-2')}
            onClick={() => list.setFilters({ brand_id: undefined })}
          >
            {TEXTS.allBrands}
          </button>
        </p>
      )}
      <ListTable
        tableId="trial-signups"
        title={TEXTS.title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `signup-row-${row.email}`}
        list={list}
        query={signups}
        filters={
          <div className="order-last flex w-full flex-wrap items-center gap-2">
            <ListTextFilter
              list={list}
              name="search"
              label={TEXTS.searchLabel}
              placeholder={TEXTS.searchPlaceholder}
            />
            <DateRangePicker
              value={{ from: list.search.from, to: list.search.to }}
              onChange={(range) => list.setFilters(range)}
            />
          </div>
        }
        exportHref={api.href(trialSignupEndpoints.export, { query: list.filterQuery })}
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        loadingLabel={TEXTS.loading}
        testId="trial-signups"
      />
      {deletion.dialog({
        title: (signup) => TEXTS.deleteTitle(signup.name),
        description: TEXTS.deleteText,
        confirmLabel: TEXTS.delete,
        busyLabel: TEXTS.deleting,
      })}
    </div>
  );
}
