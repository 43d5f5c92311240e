import { DASHBOARD_TEXTS } from '../../../contract/dashboard';
import {
  useFailedContentRequests,
  type FailedContentRequestRow,
} from '../api/get-failed-content-requests';
import { useFailedAiModerate, type FailedAiRow } from '../api/get-failed-ai-moderate';
import {
  useFailedEndpointResponses,
  type FailedEndpointResponseRow,
} from '../api/get-failed-endpoint-responses';
import { useStuckFailed, type StuckFailedRow } from '../api/get-stuck-failed';
import { useStuckPending, type StuckPendingRow } from '../api/get-stuck-pending';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { formatArrivalTime, formatDateTime } from '../format-dates';
import type { Column } from './data-table';
import { QueryTablePanel } from './query-table-panel';

const FAILED_REQUEST_COLUMNS: Column<FailedContentRequestRow>[] = [
  { header: 'Service Code', value: (row) => row.service_code },
  { header: 'Type', value: (row) => row.type },
  { header: 'Response', value: (row) => row.response, kind: 'preview' },
  { header: 'Request', value: (row) => row.request, kind: 'preview' },
  { header: 'Received', value: (row) => formatDateTime(row.created_at) },
];

const FAILED_RESPONSE_COLUMNS: Column<FailedEndpointResponseRow>[] = [
  { header: 'Code', value: (row) => row.code },
  { header: 'Content ID', value: (row) => row.content_id, kind: 'number' },
  { header: 'Response', value: (row) => row.response, kind: 'preview' },
  { header: 'Attempts', value: (row) => row.attempts, kind: 'number' },
  { header: 'Status', value: (row) => row.status },
];

const STUCK_PENDING_COLUMNS: Column<StuckPendingRow>[] = [
  { header: 'ID', value: (row) => row.id, kind: 'number' },
  { header: 'Status', value: (row) => row.status },
  { header: 'Bound Time', value: (row) => formatArrivalTime(row.bound_time) },
];

const FAILED_AI_COLUMNS: Column<FailedAiRow>[] = [
  { header: 'ID', value: (row) => row.id, kind: 'number' },
  { header: 'AI Status', value: (row) => row.ai_status },
  { header: 'AI Name', value: (row) => row.ai_name },
  { header: 'Response', value: (row) => row.response, kind: 'preview' },
  { header: 'Bound Time', value: (row) => formatArrivalTime(row.bound_time) },
];

const STUCK_FAILED_COLUMNS: Column<StuckFailedRow>[] = [
  { header: 'ID', value: (row) => row.id, kind: 'number' },
  { header: 'Status', value: (row) => row.status },
  { header: 'Moderated Status', value: (row) => row.moderated_status, kind: 'preview' },
  { header: 'Bound Time', value: (row) => formatArrivalTime(row.bound_time) },
];

/** Failed Content Requests and Failed End-Point Responses, for every dashboard user. */
export function FailureTables() {
  const failedRequests = useFailedContentRequests();
  const failedResponses = useFailedEndpointResponses();
  return (
    <div className="grid gap-4">
      <QueryTablePanel
        title={DASHBOARD_TEXTS.failedContentRequests}
        query={failedRequests}
        columns={FAILED_REQUEST_COLUMNS}
        rowKey={(row) => row.id}
        empty={TEXTS.empty.failedContentRequests}
        testId="failed-content-requests"
      />
      <QueryTablePanel
        title={DASHBOARD_TEXTS.failedEndpointResponses}
        query={failedResponses}
        columns={FAILED_RESPONSE_COLUMNS}
        rowKey={(row) => row.id}
        empty={TEXTS.empty.failedEndpointResponses}
        testId="failed-endpoint-responses"
      />
    </div>
  );
}

/**
 * Stuck Pending, Failed Ai Moderate and Stuck Failed: rendered, and so fetched, only for users
 * with can_view_stuck_pending (the server refuses the calls to anyone else too).
 */
export function StuckTables() {
  const stuckPending = useStuckPending();
  const failedAi = useFailedAiModerate();
  const stuckFailed = useStuckFailed();
  return (
    // The two narrow tables side by side, the wide AI table below them.
    <div className="grid gap-4 @3xl:grid-cols-2">
      <QueryTablePanel
        title={DASHBOARD_TEXTS.stuckPending}
        query={stuckPending}
        columns={STUCK_PENDING_COLUMNS}
        rowKey={(row) => row.id}
        empty={TEXTS.empty.stuckPending}
        testId="stuck-pending"
      />
      <QueryTablePanel
        title={DASHBOARD_TEXTS.stuckFailed}
        query={stuckFailed}
        columns={STUCK_FAILED_COLUMNS}
        rowKey={(row) => row.id}
        empty={TEXTS.empty.stuckFailed}
        testId="stuck-failed"
      />
      <div className="min-w-0 @3xl:col-span-2">
        <QueryTablePanel
          title={DASHBOARD_TEXTS.failedAiModerate}
          query={failedAi}
          columns={FAILED_AI_COLUMNS}
          rowKey={(row) => row.id}
          empty={TEXTS.empty.failedAiModerate}
          testId="failed-ai-moderate"
        />
      </div>
    </div>
  );
}
