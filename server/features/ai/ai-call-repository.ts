import type { AiHealth } from '../../../src/contract/ai-services';
import type { Queryable } from '../../db/database';
import { storableText } from '../../db/storable';

/** One call to an AI provider, as ai-call-recorder.ts keeps it. */
export interface AiCall {
  provider: string;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  errorCode: string | null;
}

/** Many calls in one statement: the recorder writes its buffer this way. */
export async function insertAiCalls(db: Queryable, calls: readonly AiCall[]): Promise<void> {
  if (calls.length === 0) return;
  await db.query(
    `insert into ai_calls (provider, started_at, duration_ms, ok, error_code)
     select * from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::boolean[], $5::text[])`,
    [
      calls.map((call) => storableText(call.provider).slice(0, 200)),
      calls.map((call) => call.startedAt.toISOString()),
      calls.map((call) => call.durationMs),
      calls.map((call) => call.ok),
      calls.map((call) =>
        call.errorCode === null ? null : storableText(call.errorCode).slice(0, 100),
      ),
    ],
  );
}

export async function pruneAiCalls(db: Queryable, keepDays: number): Promise<number> {
  const rows = await db.query(
    `delete from ai_calls where started_at < now() - $1 * interval '1 day' returning id`,
    [keepDays],
  );
  return rows.length;
}

/** Calls, failures and latency percentiles per provider name since `minutes` ago. */
export async function aiHealthByProvider(
  db: Queryable,
  minutes: number,
): Promise<Map<string, AiHealth>> {
  const rows = await db.query<{
    provider: string;
    calls: number;
    failures: number;
    p50_ms: number | null;
    p95_ms: number | null;
  }>(
    `select provider, count(*)::int as calls, (count(*) filter (where not ok))::int as failures,
            percentile_cont(0.5) within group (order by duration_ms) as p50_ms,
            percentile_cont(0.95) within group (order by duration_ms) as p95_ms
       from ai_calls where started_at >= now() - $1 * interval '1 minute'
      group by provider`,
    [minutes],
  );
  const round = (value: number | null) =>
    value === null ? null : Math.round(Number(value) * 10) / 10;
  return new Map(
    rows.map((row) => [
      row.provider,
      {
        calls: row.calls,
        failures: row.failures,
        p50_ms: round(row.p50_ms),
        p95_ms: round(row.p95_ms),
      },
    ]),
  );
}

/** Each service's AI choice, for the screen's "used by" lists. */
export async function servicesByAiChoice(
  db: Queryable,
): Promise<{ id: number; name: string; ai_provider: 'default' | 'local' | 'none' }[]> {
  return db.query('select id, name, ai_provider from services order by lower(name), id');
}

export async function serviceAiChoice(
  db: Queryable,
  serviceId: number,
): Promise<'default' | 'local' | 'none'> {
  const rows = await db.query<{ ai_provider: 'default' | 'local' | 'none' }>(
    'select ai_provider from services where id = $1',
    [serviceId],
  );
  return rows[0]?.ai_provider ?? 'default';
}
