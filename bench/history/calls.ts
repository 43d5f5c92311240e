/**
 * The calls bench:history times, as the history, AI review and report screens make them, built
 * from what the seeder wrote (ids, tags and the range it covers).
 */
import type { SeededHistory } from './seed-history';

export type Target =
  | { kind: 'p95'; ms: number; stated: boolean }
  | { kind: 'csv'; rowsPerSecond: number; rssGrowthMb: number };

export interface BenchCall {
  id: string;
  screen: 'history' | 'ai' | 'reports';
  /** GET path with its query. */
  path: string;
  /** 'page500': `path` is the first page; the timed call is the 500th, reached by its cursors. */
  kind: 'json' | 'page500' | 'csv';
  target: Target;
}

type P95Target = Extract<Target, { kind: 'p95' }>;
const LIST: P95Target = { kind: 'p95', ms: 300, stated: true };
const REPORT: P95Target = { kind: 'p95', ms: 1_000, stated: true };
const DAY_MS = 86_400_000;
/**
 * Rows the CSV export should stream (fewer when the history is smaller). BENCH_CSV_ROWS changes
 * it: twice the rows with the same RSS peak shows the export's memory does not grow with rows.
 */
export const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);

function query(base: string, params: Record<string, string | number>): string {
  return `${base}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

export function benchCalls(seeded: SeededHistory): BenchCall[] {
  const whole = { from: seeded.from.toISOString(), to: seeded.to.toISOString() };
  const middle = new Date(seeded.to.getTime() - Math.floor(seeded.days / 2) * DAY_MS);
  const oneDay = {
    from: middle.toISOString(),
    to: new Date(middle.getTime() + DAY_MS).toISOString(),
  };
  // A range holding about CSV_ROWS decisions; they are evenly spread and end six hours early.
  const decidedSpanMs = seeded.lastDecidedAt.getTime() - seeded.from.getTime();
  const csvSpanMs = Math.min(decidedSpanMs, (decidedSpanMs * CSV_ROWS) / seeded.decisions);
  const csvRange = {
    from: new Date(seeded.lastDecidedAt.getTime() - csvSpanMs).toISOString(),
    to: seeded.to.toISOString(),
  };
  const history = '/api/history/decisions';
  const list = (id: string, params: Record<string, string | number>): BenchCall => ({
    id,
    screen: 'history',
    path: query(history, { per_page: 50, ...params }),
    kind: 'json',
    target: LIST,
  });
  const report = (report: string): BenchCall => ({
    id: `report ${report}, 90 days by day`,
    screen: 'reports',
    path: query('/api/reports', { report, ...whole, group: 'day' }),
    kind: 'json',
    target: REPORT,
  });
  return [
    list('first page, last 7 days (default)', {}),
    list('content_id', { content_id: seeded.sampleContentId, ...whole }),
    list('service_id', { service_id: seeded.busiestServiceId, ...whole }),
    list('subscriber_id', { subscriber_id: seeded.busiestSubscriberId, ...whole }),
    list('user', { user: seeded.sampleUserId, ...whole }),
    list('operator_id', { operator_id: seeded.busiestOperatorId, ...whole }),
    list('tag', { tag: seeded.sampleTag, ...whole }),
    list('source=ai', { source: 'ai', ...whole }),
    list('from&to, one day', oneDay),
    {
      id: 'page 500 (after=cursor), 90 days',
      screen: 'history',
      path: query(history, { per_page: 50, ...whole }),
      kind: 'page500',
      target: LIST,
    },
    {
      id: `CSV export, ~${Math.min(CSV_ROWS, seeded.decisions).toLocaleString('en')} rows`,
      screen: 'history',
      path: query(`${history}/export`, csvRange),
      kind: 'csv',
      target: { kind: 'csv', rowsPerSecond: 50_000, rssGrowthMb: 50 },
    },
    report('productivity'),
    report('services'),
    report('tags'),
    report('sla'),
    {
      id: 'charts series, 90 days by day',
      screen: 'reports',
      path: query('/api/charts/series', { ...whole, group: 'day' }),
      kind: 'json',
      target: REPORT,
    },
    {
      id: 'AI search, one service, first page',
      screen: 'ai',
      path: query('/api/v2/content/content-ai-moderation/search', {
        per_page: 50,
        service_id: seeded.busiestServiceId,
      }),
      kind: 'json',
      // The issue names no target for the AI screens: the history's list and report ones apply.
      target: { ...LIST, stated: false },
    },
    {
      id: 'AI agreement table, 90 days',
      screen: 'ai',
      path: query('/api/ai-moderation/agreement', whole),
      kind: 'json',
      target: { ...REPORT, stated: false },
    },
  ];
}
