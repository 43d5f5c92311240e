import { useMemo, useState } from 'react';
import { AUDIT_ACTIONS } from '../../../contract/audit';
import {
  AUDIT_TARGET_TYPES,
  auditLogEndpoints,
  type AuditLogRow,
} from '../../../contract/audit-log';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { FilterSelect } from '../../../ui/filter-select';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_LOG_TEXTS as TEXTS } from '../audit-log-texts';
import { AuditEntryDialog } from './audit-entry-dialog';
import { auditLogColumns } from './audit-log-columns';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

const TARGET_OPTIONS = Object.entries(AUDIT_TARGET_TYPES).map(([value, label]) => ({
  value,
  label,
}));

/**
 * The audit log: every change made through the console and every media event operators sent,
 * newest first, filtered by actor, action, target and UTC days (kept in the URL), exported as
 * CSV, each entry's recorded details one click away. Read-only: the console offers no way to
 * change or remove an entry, and the server has none.
 */
export function AuditLogPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(auditLogEndpoints.list);
  const log = useAuditLog(list.apiQuery);
  const [open, setOpen] = useState<AuditLogRow | null>(null);
  const { setFilters } = list;
  const columns = useMemo(
    () =>
      auditLogColumns({
        onShowActor: (row) => setFilters({ actor: row.actor_username ?? undefined }),
        onOpen: setOpen,
      }),
    [setFilters],
  );
  const targetType = list.search.target_type;

  return (
    <>
      <ListTable
        tableId="audit-log"
        title={TEXTS.title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `audit-${row.id}`}
        list={list}
        query={log}
        filters={
          // Below the title row (with Columns and Export), however many filters are set.
          <div className="order-last flex w-full flex-wrap items-center gap-2">
            <ListTextFilter
              list={list}
              name="actor"
              label={TEXTS.actorFilter}
              placeholder={TEXTS.actor}
              className="sm:w-44"
            />
            <FilterSelect
              label={TEXTS.action}
              allLabel={TEXTS.allActions}
              options={ACTION_OPTIONS}
              value={list.search.action}
              onChange={(action) => setFilters({ action: action || undefined })}
            />
            <FilterSelect
              label={TEXTS.targetType}
              allLabel={TEXTS.anyTarget}
              options={TARGET_OPTIONS}
              value={targetType}
              onChange={(type) =>
                // A target id means nothing without its type: clearing the type clears both.
                setFilters(
                  type ? { target_type: type } : { target_type: undefined, target_id: undefined },
                )
              }
            />
            {targetType && (
              <ListTextFilter
                list={list}
                name="target_id"
                label={TEXTS.targetId}
                placeholder={TEXTS.targetId}
                className="sm:w-32"
              />
            )}
            <DateRangePicker
              value={{ from: list.search.from, to: list.search.to }}
              onChange={(range) => setFilters(range)}
            />
          </div>
        }
        exportHref={api.href(auditLogEndpoints.export, { query: list.filterQuery })}
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        rangeTestId="audit-log-range"
        testId="audit-log"
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
