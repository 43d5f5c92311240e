import { useQuery } from '@tanstack/react-query';
import { auditLogEndpoints } from '../../../contract/audit-log';
import type { EndpointInput } from '../../../contract/endpoint';
import { listQueryOptions } from '../../../ui/data-table/list-query';

type AuditLogQuery = EndpointInput<typeof auditLogEndpoints.list>['query'];

/** One page of the audit log for the list's URL state, keeping the previous page meanwhile. */
export const auditLogQuery = (query: AuditLogQuery) =>
  listQueryOptions(['audit-log', 'list'], auditLogEndpoints.list, query);

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQuery(query));
}
