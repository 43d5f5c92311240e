import { SquarePen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { subscriberEndpoints, type SubscriberRow } from '../../../contract/subscribers';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { FilterSelect } from '../../../ui/filter-select';
import { useSubscriberServiceOptions, useSubscribers } from '../api/get-subscribers';
import { SUBSCRIBERS_TEXTS as TEXTS } from '../subscribers-texts';
import { subscriberColumns } from './subscriber-columns';
import { SubscriberFormDialog } from './subscriber-form-dialog';

/**
 * /subscriber: the subscribers of every service, server-paged, with the service, search and
 * block filters in the URL (?service_id=2&search=sub-1&blocked=true), and an edit dialog per row
 * for the display name, notes and the block.
 */
export function SubscribersPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(subscriberEndpoints.list);
  const subscribers = useSubscribers(list.apiQuery);
  const services = useSubscriberServiceOptions();
  const [editing, setEditing] = useState<SubscriberRow | null>(null);

  const columns = useMemo(
    () =>
      subscriberColumns({
        actions: (row) => (
          <button
            type="button"
            className="btn-ghost p-1.5"
            aria-label={TEXTS.editLabel(row.name)}
            title={TEXTS.edit}
            onClick={() => setEditing(row)}
          >
            <SquarePen aria-hidden="true" className="size-4" />
          </button>
        ),
      }),
    [],
  );

  const serviceOptions = (services.data ?? []).map((service) => ({
    value: String(service.id),
    label: service.name,
  }));

  return (
    <div className="space-y-4">
      <ListTable
        tableId="subscribers"
        title={TEXTS.title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `subscriber-row-${row.external_id}`}
        list={list}
        query={subscribers}
        filters={
          <div className="flex w-full flex-wrap items-center gap-2 lg:w-auto">
            <ListTextFilter
              list={list}
              name="search"
              label={TEXTS.searchLabel}
              placeholder={TEXTS.searchPlaceholder}
            />
            <FilterSelect
              label={TEXTS.serviceFilter}
              allLabel={TEXTS.anyService}
              value={list.search.service_id ?? ''}
              options={serviceOptions}
              onChange={(value) => list.setFilters({ service_id: value || undefined })}
            />
            <FilterSelect
              label={TEXTS.blockedFilter}
              allLabel={TEXTS.anyState}
              value={list.search.blocked ?? ''}
              options={[
                { value: 'true', label: TEXTS.blockedOnly },
                { value: 'false', label: TEXTS.notBlockedOnly },
              ]}
              onChange={(value) => list.setFilters({ blocked: value || undefined })}
            />
          </div>
        }
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        loadingLabel={TEXTS.loading}
        testId="subscribers"
      />
      {editing && (
        <SubscriberFormDialog
          key={editing.id}
          subscriber={editing}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            setEditing(null);
            notify.success(TEXTS.saved(row.name));
          }}
        />
      )}
    </div>
  );
}
