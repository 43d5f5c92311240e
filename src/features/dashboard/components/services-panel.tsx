import { Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DASHBOARD_TEXTS } from '../../../contract/dashboard';
import type { ServiceStat } from '../../../contract/socket-events';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { DataTable, type Column } from './data-table';

const [serviceHeader, onlineHeader, totalHeader, pendingHeader, assignedHeader] =
  DASHBOARD_TEXTS.servicesColumns;

const COLUMNS: Column<ServiceStat>[] = [
  { header: serviceHeader, value: (row) => row.service_name },
  { header: onlineHeader, value: (row) => row.online_users, kind: 'number' },
  { header: totalHeader, value: (row) => row.total_pending, kind: 'number' },
  { header: pendingHeader, value: (row) => row.pending, kind: 'number' },
  { header: assignedHeader, value: (row) => row.assigned, kind: 'number' },
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
  const searchId = useId();
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
        <div className="relative ml-auto w-full max-w-56">
          <label htmlFor={searchId} className="sr-only">
            {TEXTS.searchServices}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
          />
          <input
            id={searchId}
            type="search"
            placeholder="Search"
            autoComplete="off"
            className="field-input py-1.5 pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {search && (
            <button
              type="button"
              aria-label="Clear search"
              className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-stone-500 hover:bg-stone-100 dark:hover:bg-zinc-800"
              onClick={() => setSearch('')}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      </header>
      <DataTable
        caption={TEXTS.servicesTitle}
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row._id}
        empty={services === null ? TEXTS.liveWaiting : empty}
        testId="services-table"
      />
    </section>
  );
}
