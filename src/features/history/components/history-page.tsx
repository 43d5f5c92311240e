import { useNavigate, useSearch } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DECISION_SOURCES, type HistoryRow } from '../../../contract/history';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { FilterSelect } from '../../../ui/filter-select';
import { formatTagLabel } from '../../moderation/moderation-rules';
import {
  HISTORY_ENDPOINTS,
  useHistoryList,
  useHistoryOptions,
  type HistoryVariant,
} from '../api/get-history';
import { HISTORY_TEXTS as TEXTS } from '../history-texts';
import { historyColumns } from './history-columns';
import { HistoryDrawer } from './history-drawer';

const SOURCE_OPTIONS = DECISION_SOURCES.map((source) => ({
  value: source,
  label: TEXTS.sources[source],
}));

/** /modhistory: every service's decisions. */
export function ModHistoryPage() {
  return <HistoryPage variant="staff" />;
}

/** /customer-moderation: the same page over the customer's linked services only. */
export function CustomerModerationPage() {
  return <HistoryPage variant="customer" />;
}

/**
 * Decided items, newest decision first, in keyset pages: filters by item, service, subscriber,
 * the subscriber's user, operator (staff), tag, who decided and UTC days live in the URL, as
 * does the item open in the drawer (`?item=`), so a link shows the same. Export CSV downloads
 * every row of the filter, streamed by the server.
 */
function HistoryPage({ variant }: { variant: HistoryVariant }) {
  const title = TEXTS.titles[variant];
  useDocumentTitle(title);
  const endpoints = HISTORY_ENDPOINTS[variant];
  const staff = variant === 'staff';
  const list = useListSearch(endpoints.list);
  const history = useHistoryList(variant, list.apiQuery);
  const options = useHistoryOptions(variant).data;
  const navigate = useNavigate();
  const { item } = useSearch({ strict: false }) as { item?: string };
  const openId = item !== undefined && /^[1-9]\d{0,15}$/.test(item) ? Number(item) : null;
  const { setFilters } = list;
  // The name of the subscriber the list is narrowed to, from the row it was picked on.
  const [subscriberNames, setSubscriberNames] = useState<Record<string, string>>({});

  const columns = useMemo(
    () =>
      historyColumns({
        staff,
        onShowSubscriber: (row: HistoryRow) => {
          setSubscriberNames((names) => ({ ...names, [row.subscriber_id]: row.subscriber_name }));
          setFilters({ subscriber_id: String(row.subscriber_id) });
        },
      }),
    [staff, setFilters],
  );

  const setItem = (id: number | null) =>
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => ({
        ...previous,
        item: id === null ? undefined : String(id),
      })) as never,
    });

  const subscriber = list.search.subscriber_id;
  const serviceOptions = (options?.services ?? []).map((service) => ({
    value: String(service.id),
    label: service.name,
  }));

  return (
    <>
      <ListTable
        tableId={`history-${variant}`}
        title={title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `history-${row.id}`}
        list={list}
        query={history}
        paging="keyset"
        onRowOpen={(row) => setItem(row.id)}
        filters={
          <div className="order-last flex w-full flex-wrap items-center gap-2">
            <ListTextFilter
              list={list}
              name="content_id"
              label={TEXTS.itemFilter}
              placeholder={TEXTS.itemPlaceholder}
              className="sm:w-32"
            />
            <FilterSelect
              label={TEXTS.service}
              allLabel={TEXTS.allServices}
              options={serviceOptions}
              value={list.search.service_id}
              onChange={(value) => setFilters({ service_id: value || undefined })}
            />
            <ListTextFilter
              list={list}
              name="user"
              label={TEXTS.userFilter}
              placeholder={TEXTS.userPlaceholder}
              className="sm:w-60"
            />
            {staff && (
              <FilterSelect
                label={TEXTS.operator}
                allLabel={TEXTS.allOperators}
                options={(options?.operators ?? []).map((operator) => ({
                  value: String(operator.id),
                  label: operator.username,
                }))}
                value={list.search.operator_id}
                onChange={(value) => setFilters({ operator_id: value || undefined })}
              />
            )}
            <FilterSelect
              label={TEXTS.tag}
              allLabel={TEXTS.allTags}
              options={(options?.tags ?? []).map((tag) => ({
                value: tag,
                label: formatTagLabel(tag),
              }))}
              value={list.search.tag}
              onChange={(value) => setFilters({ tag: value || undefined })}
            />
            <FilterSelect
              label={TEXTS.source}
              allLabel={TEXTS.allSources}
              options={SOURCE_OPTIONS}
              value={list.search.source}
              onChange={(value) => setFilters({ source: value || undefined })}
            />
            {subscriber !== undefined && (
              <span className="inline-flex items-center gap-1 rounded-full border border-stone-300 py-0.5 pr-1 pl-2.5 text-sm dark:border-zinc-700">
                {TEXTS.subscriberChip(subscriberNames[subscriber] ?? `#${subscriber}`)}
                <button
                  type="button"
                  className="btn-ghost rounded-full p-1"
                  aria-label={TEXTS.clearSubscriber}
                  title={TEXTS.clearSubscriber}
                  onClick={() => setFilters({ subscriber_id: undefined })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            )}
            <DateRangePicker
              value={{ from: list.search.from, to: list.search.to }}
              onChange={(range) => setFilters(range)}
            />
            {list.search.from === undefined && list.search.to === undefined && (
              <span
                className="text-sm text-stone-500 dark:text-zinc-400"
                title={TEXTS.defaultRangeHint}
              >
                {TEXTS.defaultRange}
              </span>
            )}
          </div>
        }
        exportHref={api.href(endpoints.export, { query: list.filterQuery })}
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        rangeTestId="history-range"
        testId="history"
      />
      <HistoryDrawer variant={variant} id={openId} onClose={() => setItem(null)} />
    </>
  );
}
