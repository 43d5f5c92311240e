import { useId, useMemo, useState } from 'react';
import { DASHBOARD_TEXTS } from '../../../contract/dashboard';
import type { ServiceStat } from '../../../contract/socket-events';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { SearchInput } from '../../../ui/search-input';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { handlingTimeCell } from './handling-time';

const [serviceHeader, onlineHeader, totalHeader, pendingHeader, assignedHeader] =
  DASHBOARD_TEXTS.servicesColumns;

const column = createColumnHelper<ServiceStat>();
const COLUMNS = [
  column.accessor('service_name', { header: serviceHeader }),
  column.accessor('online_users', {
    header: onlineHeader,
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('total_pending', {
    header: totalHeader,
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('pending', { header: pendingHeader, meta: { numeric: true, firstSort: 'desc' } }),
  column.accessor('assigned', {
    header: assignedHeader,
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('avg_handling_seconds', {
    header: TEXTS.avgHandlingColumn,
    cell: handlingTimeCell,
    meta: { numeric: true, firstSort: 'desc' },
  }),
];

/** Narrows the services by name, case-insensitively. */
export function filterServices(services: ServiceStat[], search: string): ServiceStat[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return services;
  return services.filter((service) => service.service_name.toLowerCase().includes(needle));
}

/** Per-service counts from the live stat, searchable on the client (the list is small). */
export function ServicesPanel({ services }: { services: ServiceStat[] | null }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => filterServices(services ?? [], search), [services, search]);
  const empty = services?.length ? TEXTS.noServicesMatch(search.trim()) : TEXTS.noServices;

  return (
    <section
      className="panel flex min-w-0 flex-col"
      aria-labelledby={headingId}
      data-testid="services-panel"
    >
      <header className="flex min-h-11 flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {TEXTS.servicesTitle}
        </h2>
        {/* The list is on the device already: every keystroke filters at once. */}
        <SearchInput
          label={TEXTS.searchServices}
          value={search}
          onChange={setSearch}
          delay={0}
          size="sm"
          className="ml-auto max-w-56"
        />
      </header>
      <DataTable
        caption={TEXTS.servicesTitle}
        columns={COLUMNS}
        rows={rows}
        getRowId={(row) => String(row._id)}
        clientSort
        empty={services === null ? TEXTS.liveWaiting : empty}
        scrollClassName="max-h-96"
        density="compact"
        testId="services-table"
      />
    </section>
  );
}
