import type {
  ProductivityRow,
  ReportKind,
  ServiceVolumeRow,
  SlaRow,
  TagRow,
} from '../../../src/contract/reports';
import type { CsvColumn } from '../../http/csv';

/**
 * The CSV columns of each report, in the order its table shows them. Durations are seconds and
 * shares percentages, both with one decimal (what the table shows); the period is its UTC start.
 */
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const percent = (value: number | null) => (value === null ? null : oneDecimal(value * 100));

const PRODUCTIVITY: CsvColumn<ProductivityRow>[] = [
  { header: 'period_utc', value: (row) => row.period_start },
  { header: 'operator', value: (row) => row.operator },
  { header: 'decided', value: (row) => row.decided },
  { header: 'active_hours', value: (row) => row.active_hours },
  { header: 'items_per_hour', value: (row) => oneDecimal(row.items_per_hour) },
  { header: 'handled', value: (row) => row.handled },
  { header: 'handling_p50_s', value: (row) => oneDecimal(row.handling_p50) },
  { header: 'handling_p90_s', value: (row) => oneDecimal(row.handling_p90) },
  { header: 'untagged', value: (row) => row.untagged },
  { header: 'untagged_percent', value: (row) => percent(row.untagged_share) },
  { header: 'wellness_break_s', value: (row) => row.wellness_break_seconds },
];

const SERVICES: CsvColumn<ServiceVolumeRow>[] = [
  { header: 'period_utc', value: (row) => row.period_start },
  { header: 'service', value: (row) => row.service },
  { header: 'arrivals', value: (row) => row.arrivals },
  { header: 'decided', value: (row) => row.decided },
  { header: 'by_operators', value: (row) => row.by_operators },
  { header: 'by_ai', value: (row) => row.by_ai },
  { header: 'tagged', value: (row) => row.tagged },
  { header: 'untagged', value: (row) => row.untagged },
  { header: 'untagged_percent', value: (row) => percent(row.untagged_share) },
];

const TAGS: CsvColumn<TagRow>[] = [
  { header: 'period_utc', value: (row) => row.period_start },
  { header: 'tag', value: (row) => row.tag },
  { header: 'decided', value: (row) => row.decided },
  { header: 'percent_of_decisions', value: (row) => percent(row.share) },
];

const SLA: CsvColumn<SlaRow>[] = [
  { header: 'period_utc', value: (row) => row.period_start },
  { header: 'service', value: (row) => row.service },
  { header: 'sla_minutes', value: (row) => row.sla_minutes },
  { header: 'decided', value: (row) => row.decided },
  { header: 'wait_p50_s', value: (row) => oneDecimal(row.wait_p50) },
  { header: 'wait_p90_s', value: (row) => oneDecimal(row.wait_p90) },
  { header: 'wait_p99_s', value: (row) => oneDecimal(row.wait_p99) },
  { header: 'over_sla', value: (row) => row.over_sla },
  { header: 'over_sla_percent', value: (row) => percent(row.over_sla_share) },
];

const COLUMNS = { productivity: PRODUCTIVITY, services: SERVICES, tags: TAGS, sla: SLA };

export function reportCsvColumns<K extends ReportKind>(kind: K): (typeof COLUMNS)[K] {
  return COLUMNS[kind];
}
