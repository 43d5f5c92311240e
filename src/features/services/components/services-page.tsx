import { BookOpen, Plus, RotateCw, Send, SquarePen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { serviceEndpoints, type ServiceRow } from '../../../contract/services';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { FilterSelect } from '../../../ui/filter-select';
import { useServices } from '../api/get-services';
import type { CreatedService, RotatedSecret } from '../api/service-mutations';
import { SERVICES_TEXTS as TEXTS } from '../services-texts';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { serviceColumns } from './service-columns';
import { ServiceFormDialog, type ServiceFormTarget } from './service-form-dialog';
import { TestDeliveryDialog } from './test-delivery-dialog';

/** Where the published API reference lives (served by the server, outside the console). */
const API_REFERENCE_HREF = '/api/docs';

type RowDialog = { kind: 'rotate' | 'test'; service: ServiceRow };

/**
 * /services: the client services, server-paged with search and the active filter in the URL,
 * a dialog to create or edit one (tags in hotkey order, AI provider and words, callback), and per
 * row: rotate the signing secret and send a test delivery. A new or rotated secret is shown once.
 */
export function ServicesPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(serviceEndpoints.list);
  const services = useServices(list.apiQuery);
  const [form, setForm] = useState<ServiceFormTarget | null>(null);
  const [rowDialog, setRowDialog] = useState<RowDialog | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const columns = useMemo(
    () =>
      serviceColumns({
        actions: (row) => (
          <span className="flex items-center gap-0.5">
            <button
              type="button"
              className="btn-ghost p-1.5"
              aria-label={TEXTS.editLabel(row.name)}
              title={TEXTS.edit}
              onClick={() => setForm({ mode: 'edit', service: row })}
            >
              <SquarePen aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className="btn-ghost p-1.5"
              aria-label={TEXTS.rotateLabel(row.name)}
              title={TEXTS.rotate}
              onClick={() => setRowDialog({ kind: 'rotate', service: row })}
            >
              <RotateCw aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className="btn-ghost p-1.5"
              aria-label={TEXTS.testDeliveryLabel(row.name)}
              title={TEXTS.testDelivery}
              disabled={!row.callback_url}
              onClick={() => setRowDialog({ kind: 'test', service: row })}
            >
              <Send aria-hidden="true" className="size-4" />
            </button>
          </span>
        ),
      }),
    [],
  );

  function onCreated(created: CreatedService) {
    setForm(null);
    setSecret({ serviceName: created.service.name, kind: 'created', issued: created.secret });
  }

  function onRotated(rotated: RotatedSecret) {
    setRowDialog(null);
    setSecret({ serviceName: rotated.service.name, kind: 'rotated', issued: rotated.secret });
  }

  return (
    <div className="space-y-4">
      <ListTable
        tableId="services"
        title={TEXTS.title}
        titleLevel={1}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `service-row-${row.code}`}
        list={list}
        query={services}
        filters={
          <div className="flex w-full flex-wrap items-center gap-2 lg:w-auto">
            <ListTextFilter
              list={list}
              name="search"
              label={TEXTS.searchLabel}
              placeholder={TEXTS.searchPlaceholder}
            />
            <FilterSelect
              label={TEXTS.statusFilter}
              allLabel={TEXTS.anyStatus}
              value={list.search.active ?? ''}
              options={[
                { value: 'true', label: TEXTS.activeOnly },
                { value: 'false', label: TEXTS.inactiveOnly },
              ]}
              onChange={(value) => list.setFilters({ active: value || undefined })}
            />
          </div>
        }
        actions={
          <>
            <a
              className="btn-ghost"
              href={API_REFERENCE_HREF}
              target="_blank"
              rel="noopener noreferrer"
            >
              <BookOpen aria-hidden="true" className="size-4" />
              {TEXTS.apiReference}
            </a>
            <button
              type="button"
              className="btn-primary"
              onClick={() => setForm({ mode: 'create' })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {TEXTS.newService}
            </button>
          </>
        }
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        loadingLabel={TEXTS.loading}
        testId="services"
      />

      {form && (
        <ServiceFormDialog
          key={form.mode === 'edit' ? form.service.id : 'new'}
          target={form}
          onClose={() => setForm(null)}
          onCreated={onCreated}
          onSaved={(service) => {
            setForm(null);
            notify.success(TEXTS.saved(service.name));
          }}
        />
      )}
      {rowDialog?.kind === 'rotate' && (
        <RotateSecretDialog
          service={rowDialog.service}
          onClose={() => setRowDialog(null)}
          onRotated={onRotated}
        />
      )}
      {rowDialog?.kind === 'test' && (
        <TestDeliveryDialog service={rowDialog.service} onClose={() => setRowDialog(null)} />
      )}
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
