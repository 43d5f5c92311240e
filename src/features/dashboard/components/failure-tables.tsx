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
import { createColumnHelper } from '../../../ui/data-table/columns';
import { PreviewCell, arrivalTimeCell, dateTimeCell } from './dashboard-columns';
import { QueryTablePanel } from './query-table-panel';

const failedRequest = createColumnHelper<FailedContentRequestRow>();
const FAILED_REQUEST_COLUMNS = [
  failedRequest.accessor('service_code', { header: 'Service Code' }),
  failedRequest.accessor('type', { header: 'Type' }),
  failedRequest.accessor('response', {
    header: 'Response',
    cell: ({ getValue }) => <PreviewCell value={getValue()} />,
  }),
  failedRequest.accessor('request', {
    header: 'Request',
    cell: ({ getValue }) => <PreviewCell value={getValue()} />,
  }),
  failedRequest.accessor('created_at', {
    header: 'Received',
    cell: dateTimeCell,
    meta: { firstSort: 'desc' },
  }),
];

const failedResponse = createColumnHelper<FailedEndpointResponseRow>();
const FAILED_RESPONSE_COLUMNS = [
  failedResponse.accessor('code', { header: 'Code' }),
  failedResponse.accessor('content_id', { header: 'Content ID', meta: { numeric: true } }),
  failedResponse.accessor('response', {
    header: 'Response',
    cell: ({ getValue }) => <PreviewCell value={getValue()} />,
  }),
  failedResponse.accessor('attempts', {
    header: 'Attempts',
    meta: { numeric: true, firstSort: 'desc' },
  }),
  failedResponse.accessor('status', { header: 'Status' }),
];

const stuckPending = createColumnHelper<StuckPendingRow>();
const STUCK_PENDING_COLUMNS = [
  stuckPending.accessor('id', { header: 'ID', meta: { numeric: true } }),
  stuckPending.accessor('status', { header: 'Status' }),
  stuckPending.accessor('bound_time', { header: 'Bound Time', cell: arrivalTimeCell }),
];

const failedAi = createColumnHelper<FailedAiRow>();
const FAILED_AI_COLUMNS = [
  failedAi.accessor('id', { header: 'ID', meta: { numeric: true } }),
  failedAi.accessor('ai_status', { header: 'AI Status' }),
  failedAi.accessor('ai_name', { header: 'AI Name' }),
  failedAi.accessor('response', {
    header: 'Response',
    cell: ({ getValue }) => <PreviewCell value={getValue()} />,
  }),
  failedAi.accessor('bound_time', { header: 'Bound Time', cell: arrivalTimeCell }),
];

const stuckFailed = createColumnHelper<StuckFailedRow>();
const STUCK_FAILED_COLUMNS = [
  stuckFailed.accessor('id', { header: 'ID', meta: { numeric: true } }),
  stuckFailed.accessor('status', { header: 'Status' }),
  stuckFailed.accessor('moderated_status', {
    header: 'Moderated Status',
    cell: ({ getValue }) => <PreviewCell value={getValue()} />,
  }),
  stuckFailed.accessor('bound_time', { header: 'Bound Time', cell: arrivalTimeCell }),
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
        getRowId={(row) => String(row.id)}
        empty={TEXTS.empty.failedContentRequests}
        testId="failed-content-requests"
      />
      <QueryTablePanel
        title={DASHBOARD_TEXTS.failedEndpointResponses}
        query={failedResponses}
        columns={FAILED_RESPONSE_COLUMNS}
        getRowId={(row) => String(row.id)}
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
        getRowId={(row) => String(row.id)}
        empty={TEXTS.empty.stuckPending}
        testId="stuck-pending"
      />
      <QueryTablePanel
        title={DASHBOARD_TEXTS.stuckFailed}
        query={stuckFailed}
        columns={STUCK_FAILED_COLUMNS}
        getRowId={(row) => String(row.id)}
        empty={TEXTS.empty.stuckFailed}
        testId="stuck-failed"
      />
      <div className="min-w-0 @3xl:col-span-2">
        <QueryTablePanel
          title={DASHBOARD_TEXTS.failedAiModerate}
          query={failedAi}
          columns={FAILED_AI_COLUMNS}
          getRowId={(row) => String(row.id)}
          empty={TEXTS.empty.failedAiModerate}
          testId="failed-ai-moderate"
        />
      </div>
    </div>
  );
}
