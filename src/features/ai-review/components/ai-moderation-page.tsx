import {
  AI_AGREEMENTS,
  AI_REVIEW_PAGE_SIZES,
  aiModerationEndpoints,
} from '../../../contract/ai-review';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListTable } from '../../../ui/data-table/list-table';
import { ListTextFilter } from '../../../ui/data-table/list-text-filter';
import { useListSearch } from '../../../ui/data-table/use-list-search';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { FilterSelect } from '../../../ui/filter-select';
import { useAiResults, useAiServiceOptions } from '../api/ai-review-queries';
import { AI_MODERATION_TEXTS as TEXTS } from '../ai-review-texts';
import { AgreementTable } from './agreement-table';
import { AI_RESULT_COLUMNS } from './ai-result-columns';

const AGREEMENT_OPTIONS = AI_AGREEMENTS.map((value) => ({
  value,
  label: TEXTS.agreement[value],
}));

/** A response-time choice as one select value: 'min-max', either side may be empty. */
const responseKey = (min: number | string | undefined, max: number | string | undefined) =>
  `${min ?? ''}-${max ?? ''}`;
const RESPONSE_OPTIONS = TEXTS.responsePresets.map((preset) => ({
  value: responseKey(preset.min, preset.max),
  label: preset.label,
}));

/**
 * /ai-moderation: how far the AI can be trusted (the agreement table per service and tag) and
 * its answers one by one beside the operators' decisions, filtered by service, AI tag,
 * agreement, response time and UTC days (kept in the URL), exported as CSV. Both parts follow
 * the same service and date range.
 */
export function AiModerationPage() {
  useDocumentTitle(TEXTS.title);
  const list = useListSearch(aiModerationEndpoints.search);
  const results = useAiResults(list.apiQuery);
  const services = useAiServiceOptions();
  const { search, setFilters } = list;
  const serviceOptions = (services.data ?? []).map((service) => ({
    value: String(service.id),
    label: service.name,
  }));
  const response =
    search.min_response_ms || search.max_response_ms
      ? responseKey(search.min_response_ms, search.max_response_ms)
      : undefined;

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      </div>
      <div className="panel flex flex-wrap items-center gap-2 px-4 py-3" data-testid="ai-filters">
        <FilterSelect
          label={TEXTS.filters.service}
          allLabel={TEXTS.filters.allServices}
          options={serviceOptions}
          value={search.service_id}
          onChange={(id) => setFilters({ service_id: id || undefined })}
        />
        <ListTextFilter
          list={list}
          name="ai_tag"
          label={TEXTS.filters.aiTag}
          placeholder={TEXTS.filters.aiTagPlaceholder}
          className="sm:w-44"
        />
        <FilterSelect
          label={TEXTS.filters.agreement}
          allLabel={TEXTS.filters.anyAgreement}
          options={AGREEMENT_OPTIONS}
          value={search.agreement}
          onChange={(agreement) => setFilters({ agreement: agreement || undefined })}
        />
        <FilterSelect
          label={TEXTS.filters.response}
          allLabel={TEXTS.filters.anyResponse}
          options={
            response && !RESPONSE_OPTIONS.some((option) => option.value === response)
              ? [
                  ...RESPONSE_OPTIONS,
                  {
                    value: response,
                    label: TEXTS.responseCustom(search.min_response_ms, search.max_response_ms),
                  },
                ]
              : RESPONSE_OPTIONS
          }
          value={response}
          onChange={(key) => {
            const [min, max] = key.split('-');
            setFilters({ min_response_ms: min || undefined, max_response_ms: max || undefined });
          }}
        />
        <DateRangePicker
          value={{ from: search.from, to: search.to }}
          onChange={(range) => setFilters(range)}
        />
        {!search.from && !search.to && (
          <span className="text-xs text-stone-500 dark:text-zinc-400">{TEXTS.defaultRange}</span>
        )}
      </div>
      <AgreementTable from={search.from} to={search.to} serviceId={search.service_id} />
      <ListTable
        tableId="ai-results"
        title={TEXTS.resultsTitle}
        columns={AI_RESULT_COLUMNS}
        getRowId={(row) => String(row.id)}
        rowTestId={(row) => `ai-result-${row.id}`}
        list={list}
        query={results}
        pageSizes={AI_REVIEW_PAGE_SIZES}
        exportHref={api.href(aiModerationEndpoints.export, { query: list.filterQuery })}
        empty={TEXTS.empty}
        emptyFiltered={TEXTS.emptyFiltered}
        rangeTestId="ai-results-range"
        testId="ai-results"
      />
    </div>
  );
}
