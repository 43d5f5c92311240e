import { Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import {
  SERVICE_TOKEN_TEXTS,
  type ServiceOption,
  type ServiceTokenRow,
} from '../../../contract/service-tokens';
import { errorMessage } from '../../../lib/api-client';
import { LastUpdatedMarker } from '../../../lib/last-updated';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentUser } from '../../auth/api/current-user';
import type { CreatedServiceToken } from '../api/create-service-token';
import { useServiceTokens } from '../api/get-service-tokens';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';
import { useDebouncedValue } from '../use-debounced-value';
import { CreateTokenDialog } from './create-token-dialog';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { ServiceTokensTable } from './service-tokens-table';
import { TablePagination, type PageSize } from './table-pagination';
import { TokenResultDialog } from './token-result-dialog';
import { TokenSearchBox } from './token-search-box';

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading the API tokens" className="space-y-3 px-4 py-5">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="h-5 animate-pulse rounded bg-stone-200/80 dark:bg-zinc-800" />
      ))}
    </div>
  );
}

/** SPEC §2 Service API Tokens: search, server-paged list, create and revoke. */
export function ServiceTokensPage() {
  useDocumentTitle(SERVICE_TOKEN_TEXTS.title);
  const { permissions } = useCurrentUser();
  const can = (permission: string) => permissions.includes(permission);

  const [search, setSearch] = useState('');
  // Clearing applies at once; typing waits 500 ms (SPEC §9).
  const serviceName = useDebouncedValue(search.trim(), undefined, '');
  const [perPage, setPerPage] = useState<PageSize>(10);
  // The page belongs to the search it was chosen for: a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === serviceName ? paging.page : 1;
  const tokens = useServiceTokens({ page, perPage, serviceName });

  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{
    created: CreatedServiceToken;
    service: ServiceOption;
  } | null>(null);
  const [revoking, setRevoking] = useState<ServiceTokenRow | null>(null);

  const empty = serviceName ? TEXTS.noMatch(serviceName) : TEXTS.noTokens;

  return (
    <div className="space-y-4">
      <section className="panel" aria-labelledby="service-tokens-heading">
        <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-zinc-800">
          <h1 id="service-tokens-heading" className="mr-auto text-xl font-semibold">
            {SERVICE_TOKEN_TEXTS.title}
          </h1>
          {/* Offline, the list shows its last (persisted) data, marked as such. */}
          <LastUpdatedMarker query={tokens} />
          <TokenSearchBox value={search} onChange={setSearch} />
          {can('can_create_api_token') && (
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {SERVICE_TOKEN_TEXTS.newToken}
            </button>
          )}
        </div>

        {tokens.data ? (
          <>
            {tokens.isError && (
              <p
                role="alert"
                className="border-b border-stone-200 bg-red-50 px-4 py-2 text-sm text-red-700 dark:border-zinc-800 dark:bg-red-500/10 dark:text-red-400"
              >
                {TEXTS.loadFailed(errorMessage(tokens.error))}
              </p>
            )}
            <ServiceTokensTable
              rows={tokens.data.data}
              canRevoke={can('can_revoke_api_token')}
              onRevoke={setRevoking}
              empty={empty}
              busy={tokens.isPlaceholderData}
            />
            <TablePagination
              page={page}
              perPage={perPage}
              total={tokens.data.total}
              onPageChange={(next) => setPaging({ search: serviceName, page: next })}
              onPerPageChange={(size) => {
                setPerPage(size);
                setPaging({ search: serviceName, page: 1 });
              }}
            />
          </>
        ) : tokens.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-red-700 dark:text-red-400"
          >
            <p>{TEXTS.loadFailed(errorMessage(tokens.error))}</p>
            <button type="button" className="btn-secondary" onClick={() => void tokens.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {TEXTS.retry}
            </button>
          </div>
        ) : tokens.isPaused ? (
          <p className="px-4 py-10 text-center text-sm text-stone-500 dark:text-zinc-400">
            {TEXTS.waitingForNetwork}
          </p>
        ) : (
          <TableSkeleton />
        )}
      </section>

      <CreateTokenDialog
        open={creating}
        onCancel={() => setCreating(false)}
        onCreated={(token, service) => {
          setCreating(false);
          setCreated({ created: token, service });
        }}
      />
      <TokenResultDialog
        result={created}
        permissions={{ canView: can('can_view_api_token'), canCopy: can('can_copy_api_token') }}
        onClose={() => setCreated(null)}
      />
      <RevokeTokenDialog token={revoking} onDone={() => setRevoking(null)} />
    </div>
  );
}
