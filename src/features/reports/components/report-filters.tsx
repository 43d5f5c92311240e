import clsx from 'clsx';
import { useId } from 'react';
import {
  REPORT_GROUPS,
  REPORT_KINDS,
  type ReportGroup,
  type ReportKind,
} from '../../../contract/reports';
import { DateRangePicker } from '../../../ui/date-range-picker';
import { FilterSelect } from '../../../ui/filter-select';
import { useReportOptions } from '../api/report-queries';
import type { ReportFilters, ReportSearch } from '../report-search';
import { REPORTS_TEXTS as TEXTS } from '../reports-texts';

/** Which report: one pressed button of four. */
export function ReportKindPicker({
  value,
  onChange,
}: {
  value: ReportKind;
  onChange: (kind: ReportKind) => void;
}) {
  return (
    <div
      role="group"
      aria-label={TEXTS.reportKind}
      className="inline-flex rounded-md border border-stone-300 p-0.5 dark:border-zinc-700"
    >
      {REPORT_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          aria-pressed={value === kind}
          className={clsx(
            'rounded px-3 py-1 text-sm font-medium',
            value === kind
              ? 'bg-gold-500 text-zinc-950'
              : 'text-stone-700 hover:bg-stone-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
          )}
          onClick={() => onChange(kind)}
        >
          {TEXTS.kinds[kind]}
        </button>
      ))}
    </div>
  );
}

/** The range, grouping and service (and, for productivity, operator) of a report or chart. */
export function RangeFilters({
  filters,
  update,
  withOperator = false,
}: {
  filters: Pick<ReportFilters, 'from' | 'to' | 'group' | 'service_id' | 'operator_id'>;
  update: (patch: Partial<ReportSearch>) => void;
  withOperator?: boolean;
}) {
  const groupId = useId();
  const options = useReportOptions();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DateRangePicker
        value={{ from: filters.from, to: filters.to }}
        onChange={(range) => update({ from: range.from, to: range.to })}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={groupId} className="text-sm text-stone-600 dark:text-zinc-400">
          {TEXTS.group}
        </label>
        <select
          id={groupId}
          className="field-input w-auto py-1.5 pr-8"
          value={filters.group}
          onChange={(event) => update({ group: event.target.value as ReportGroup })}
        >
          {REPORT_GROUPS.map((group) => (
            <option key={group} value={group}>
              {TEXTS.groups[group]}
            </option>
          ))}
        </select>
      </div>
      <FilterSelect
        label={TEXTS.service}
        allLabel={TEXTS.allServices}
        options={(options.data?.services ?? []).map((service) => ({
          value: String(service.id),
          label: service.name,
        }))}
        value={filters.service_id === undefined ? '' : String(filters.service_id)}
        onChange={(value) => update({ service_id: value ? Number(value) : undefined })}
      />
      {withOperator && (
        <FilterSelect
          label={TEXTS.operator}
          allLabel={TEXTS.allOperators}
          options={(options.data?.operators ?? []).map((operator) => ({
            value: String(operator.id),
            label: operator.username,
          }))}
          value={filters.operator_id === undefined ? '' : String(filters.operator_id)}
          onChange={(value) => update({ operator_id: value ? Number(value) : undefined })}
        />
      )}
    </div>
  );
}
