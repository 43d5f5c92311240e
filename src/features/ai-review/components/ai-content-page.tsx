import { RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  AI_REVIEW_PAGE_SIZES,
  aiContentEndpoints,
  type AiContentRow,
} from '../../../contract/ai-review';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ListTable } from '../../../ui/data-table/list-table';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { FilterSelect } from '../../../ui/filter-select';
import {
  useAiContentItems,
  useAiContentSummary,
  useAiServiceOptions,
  useRetryAi,
  useRetryAllFailed,
} from '../api/ai-review-queries';
import { AI_CONTENT_PAGE_TEXTS as TEXTS, AI_MODERATION_TEXTS } from '../ai-review-texts';
import { AiActivity } from './ai-activity';
import { aiContentColumns } from './ai-content-columns';

type Pending = { kind: 'one'; row: AiContentRow } | { kind: 'all'; count: number } | null;

/**
 * /aicontent: the AI step at work. Cards count the items waiting, in progress, answered in the
 * last hour and failed, and choose the list below (kept in the URL); the last hour's rate and
 * latency beside them. Failed items are retried one by one or all at once, each confirmed
 * first and recorded in the audit log. Everything refreshes every few seconds.
 */
export function AiContentPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(aiContentEndpoints.items);
  const state = list.query.state;
  const summary = useAiContentSummary();
  const items = useAiContentItems(list.apiQuery);
  const services = useAiServiceOptions();
  const retry = useRetryAi();
  const retryAll = useRetryAllFailed();
  const [pending, setPending] = useState<Pending>(null);
  const columns = useMemo(() => aiContentColumns(state), [state]);
  const serviceId = list.query.service_id;
  const serviceName = services.data?.find((service) => service.id === serviceId)?.name;
  const failedHere = state === 'failed' ? (items.data?.total ?? 0) : 0;

  const confirm = () => {
    if (pending?.kind === 'one') {
      const { id } = pending.row;
      retry.mutate(id, {
        onSuccess: (aiState) => {
          notify.success(aiState === 'done' ? TEXTS.retriedAnswered(id) : TEXTS.retriedQueued(id));
          setPending(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      });
    } else if (pending?.kind === 'all') {
      retryAll.mutate(serviceId, {
        onSuccess: (count) => {
          notify.success(TEXTS.retriedAll(count));
          setPending(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      });
    }
  };

  return (
    <div className="@container space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      </div>
      {summary.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {TEXTS.summaryFailed(errorMessage(summary.error))}
        </p>
      )}
      <AiActivity
        summary={summary.data}
        state={state}
        onState={(next) => list.setFilters({ state: next })}
      />
      <ListTable
        tableId={`ai-content-${state}`}
        title={TEXTS.listTitle(state)}
        columns={columns}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `ai-item-${row.id}`}
        list={list}
        query={items}
        pageSizes={AI_REVIEW_PAGE_SIZES}
        filters={
          <FilterSelect
            label={AI_MODERATION_TEXTS.filters.service}
            allLabel={AI_MODERATION_TEXTS.filters.allServices}
            options={(services.data ?? []).map((service) => ({
              value: String(service.id),
              label: service.name,
            }))}
            value={list.search.service_id}
            onChange={(id) => list.setFilters({ service_id: id || undefined })}
          />
        }
        actions={
          failedHere > 0 ? (
            <button
              type="button"
              className="btn-primary"
              onClick={() => setPending({ kind: 'all', count: failedHere })}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {TEXTS.retryAll(failedHere)}
            </button>
          ) : null
        }
        rowActions={
          state === 'failed'
            ? (row) => (
                <button
                  type="button"
                  className="btn-ghost px-2 py-1"
                  aria-label={TEXTS.retryLabel(row.id)}
                  title={TEXTS.retryLabel(row.id)}
                  onClick={() => setPending({ kind: 'one', row })}
                >
                  <RotateCw aria-hidden="true" className="size-4" />
                  <span>{TEXTS.retry}</span>
                </button>
              )
            : undefined
        }
        empty={TEXTS.empty(state)}
        emptyFiltered={TEXTS.empty(state)}
        testId="ai-content"
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'all' ? TEXTS.retryAllTitle : TEXTS.retryTitle}
        description={
          pending?.kind === 'all'
            ? TEXTS.retryAllQuestion(pending.count, serviceName)
            : pending?.kind === 'one'
              ? TEXTS.retryQuestion(pending.row.id)
              : undefined
        }
        confirmLabel={pending?.kind === 'all' ? TEXTS.retryAll(pending.count) : TEXTS.retry}
        busyLabel={TEXTS.retrying}
        busy={retry.isPending || retryAll.isPending}
        tone="primary"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        testId="ai-retry-confirm"
      />
    </div>
  );
}
