import { Ban, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  SERVICE_TOKEN_PAGE_SIZES,
  SERVICE_TOKEN_TEXTS,
  serviceTokenEndpoints,
  type ServiceOption,
  type ServiceTokenRow,
} from '../../../contract/service-tokens';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { useCurrentUser } from '../../auth/api/current-user';
import type { CreatedServiceToken } from '../api/create-service-token';
import { useServiceTokens } from '../api/get-service-tokens';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';
import { CreateTokenDialog } from './create-token-dialog';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { SERVICE_TOKEN_COLUMNS } from './service-token-columns';
import { TokenResultDialog } from './token-result-dialog';

/**
 * SPEC §2 Service API Tokens: search, server-paged list, create and revoke. The page, page size
 * and search live in the URL (?page=2&per_page=25&service_name=Demo), as the list endpoint
 * spells them.
 */
export function ServiceTokensPage() {
  useDocumentTitle(SERVICE_TOKEN_TEXTS.title);
  const { permissions } = useCurrentUser();
  const can = (permission: string) => permissions.includes(permission);

  const list = useListSearch(serviceTokenEndpoints.list);
  const serviceName = list.query.service_name ?? '';
  const tokens = useServiceTokens({ page: list.page, perPage: list.perPage, serviceName });
  const canRevoke = can('can_revoke_api_token');

  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{
    created: CreatedServiceToken;
    service: ServiceOption;
  } | null>(null);
  const [revoking, setRevoking] = useState<ServiceTokenRow | null>(null);

  return (
    <div className="space-y-4">
      <ListTable
        tableId="service-tokens"
        title={SERVICE_TOKEN_TEXTS.title}
        titleLevel={1}
        columns={SERVICE_TOKEN_COLUMNS}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `token-row-${row.id}`}
        list={list}
        query={tokens}
        pageSizes={SERVICE_TOKEN_PAGE_SIZES}
        columnMenu={false}
        filters={
          <ListTextFilter
            list={list}
            name="service_name"
            label={TEXTS.searchLabel}
            placeholder={SERVICE_TOKEN_TEXTS.search}
          />
        }
        actions={
          can('can_create_api_token') && (
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {SERVICE_TOKEN_TEXTS.newToken}
            </button>
          )
        }
        rowActionsHeader={TEXTS.columns[4]}
        rowActions={(row: ServiceTokenRow) =>
          canRevoke &&
          row.revoked_at === null && (
            <button
              type="button"
              className="btn-ghost px-2.5 py-1 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
              aria-label={TEXTS.revokeLabel(row.service_name)}
              onClick={() => setRevoking(row)}
            >
              <Ban aria-hidden="true" className="size-4" />
              {TEXTS.revoke}
            </button>
          )
        }
        empty={TEXTS.noTokens}
        emptyFiltered={TEXTS.noMatch(serviceName)}
        loadFailed={TEXTS.loadFailed}
        waitingText={TEXTS.waitingForNetwork}
        loadingLabel={TEXTS.loadingTokens}
        rangeTestId="token-range"
        testId="service-tokens"
      />

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
