import { queryOne, type Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import {
  tagAggregate,
  type ChartAggregate,
  type ProductivityAggregate,
  type ServiceAggregate,
  type SlaAggregate,
  type TagAggregate,
} from './report-assembly';
import type { RollupFilter } from './report-rollup-repository';

/**
 * Reports computed from the items themselves, with exact percentiles (percentile_disc, the
 * nearest rank). They answer a productivity report narrowed to one service (the operator
 * rollups have no service key; one service's decisions are read through
 * contents_history_service_idx), serve as the baseline the history bench prints beside the
 * rollups, and as the oracle the tests hold the rollups to. What counts as a tag, an untagged
 * decision or a duration bucket is the migration's SQL functions, as for the rollups.
 */
const time = (value: Date | string) => new Date(value).getTime();

interface Scope {
  params: SqlParams;
  group: string;
  conditions: string[];
}

/**
 * Decisions in the range (by decided_at), with the optional filters. A discarded item is no
 * decision (the rollups never count it either).
 */
function decisionScope(filter: RollupFilter): Scope {
  const params = new SqlParams();
  const group = params.add(filter.group);
  const conditions = [
    "c.status = 'decided'",
    "c.decision_source is distinct from 'discard'",
    `c.decided_at >= ${params.add(filter.start)}`,
    `c.decided_at < ${params.add(filter.end)}`,
  ];
  if (filter.serviceId !== undefined) {
    conditions.push(`c.service_id = ${params.add(filter.serviceId)}`);
  }
  if (filter.operatorId !== undefined) {
    conditions.push(`c.decided_by = ${params.add(filter.operatorId)}`);
  }
  return { params, group, conditions };
}

/** Arrivals in the range (by bound_time), of the filtered service. */
function arrivalScope(filter: RollupFilter, params: SqlParams): string[] {
  const conditions = [
    `a.bound_time >= ${params.add(filter.start)}`,
    `a.bound_time < ${params.add(filter.end)}`,
  ];
  if (filter.serviceId !== undefined) {
    conditions.push(`a.service_id = ${params.add(filter.serviceId)}`);
  }
  return conditions;
}

const UNTAGGED = 'not exists (select 1 from report_decision_tags(c.moderated_status))';
const BY_AI = "coalesce(c.decision_source = 'ai', false)";
// A negative duration (clock skew) counts as 0 s, as in the rollups; an unknown one not at all.
const WAIT = 'greatest(0, extract(epoch from c.decided_at - c.bound_time))';
const HANDLING =
  'case when c.loaded_at is not null then greatest(0, extract(epoch from c.decided_at - c.loaded_at)) end';
const pct = (value: number | string | null) => (value === null ? null : Number(value));

export async function productivityFromRows(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<ProductivityAggregate[]> {
  const { params, group, conditions } = decisionScope(filter);
  const rows = await db.query<{
    period: Date;
    operator_id: number;
    username: string;
    decided: number;
    active_hours: number;
    untagged: number;
    handled: number;
    p50: number | null;
    p90: number | null;
  }>(
    `select date_trunc(${group}, c.decided_at, 'UTC') as period, c.decided_by as operator_id,
            u.username, count(*)::int as decided,
            count(distinct date_trunc('hour', c.decided_at, 'UTC'))::int as active_hours,
            count(*) filter (where ${UNTAGGED})::int as untagged,
            count(c.loaded_at)::int as handled,
            percentile_disc(0.5) within group (order by ${HANDLING}) as p50,
            percentile_disc(0.9) within group (order by ${HANDLING}) as p90
       from contents c join users u on u.id = c.decided_by
      where ${conditions.join(' and ')} and not ${BY_AI}
      group by 1, 2, 3
      limit ${params.add(limit)}`,
    params.values,
  );
  return rows.map((row) => ({
    period: time(row.period),
    operatorId: row.operator_id,
    operator: row.username,
    decided: row.decided,
    activeHours: row.active_hours,
    untagged: row.untagged,
    handled: row.handled,
    p50: pct(row.p50),
    p90: pct(row.p90),
  }));
}

export async function servicesFromRows(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<ServiceAggregate[]> {
  const { params, group, conditions } = decisionScope(filter);
  const arrivalConditions = arrivalScope(filter, params);
  const rows = await db.query<{
    period: Date;
    service_id: number;
    name: string;
    arrivals: number;
    decided: number;
    by_ai: number;
    untagged: number;
  }>(
    `with arrived as (
       select date_trunc(${group}, a.bound_time, 'UTC') as period, a.service_id,
              count(*)::int as arrivals
         from contents a where ${arrivalConditions.join(' and ')} group by 1, 2
     ), decided as (
       select date_trunc(${group}, c.decided_at, 'UTC') as period, c.service_id,
              count(*)::int as decided, count(*) filter (where ${BY_AI})::int as by_ai,
              count(*) filter (where ${UNTAGGED})::int as untagged
         from contents c where ${conditions.join(' and ')} group by 1, 2
     )
     select coalesce(a.period, d.period) as period, s.id as service_id, s.name,
            coalesce(a.arrivals, 0) as arrivals, coalesce(d.decided, 0) as decided,
            coalesce(d.by_ai, 0) as by_ai, coalesce(d.untagged, 0) as untagged
       from arrived a full join decided d on d.period = a.period and d.service_id = a.service_id
       join services s on s.id = coalesce(a.service_id, d.service_id)
      limit ${params.add(limit)}`,
    params.values,
  );
  return rows.map((row) => ({
    period: time(row.period),
    serviceId: row.service_id,
    service: row.name,
    arrivals: row.arrivals,
    decided: row.decided,
    byAi: row.by_ai,
    untagged: row.untagged,
  }));
}

export async function tagsFromRows(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<TagAggregate[]> {
  const { params, group, conditions } = decisionScope(filter);
  const rows = await db.query<{ period: Date; tag: string; decided: number; total: number }>(
    `with decided as (
       select date_trunc(${group}, c.decided_at, 'UTC') as period, c.moderated_status
         from contents c where ${conditions.join(' and ')}
     ), totals as (
       select period, count(*)::int as total from decided group by 1
     ), tags as (
       select d.period, t.tag, count(*)::int as decided
         from decided d cross join lateral report_decision_tags(d.moderated_status) as t(tag)
        group by 1, 2 limit ${params.add(limit)}
     )
     select t.period, t.tag, t.decided, x.total from tags t join totals x on x.period = t.period`,
    params.values,
  );
  return rows.map(tagAggregate);
}

export async function slaFromRows(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<SlaAggregate[]> {
  const { params, group, conditions } = decisionScope(filter);
  const rows = await db.query<{
    period: Date;
    service_id: number;
    name: string;
    sla_minutes: number;
    decided: number;
    over_sla: number;
    p50: number | null;
    p90: number | null;
    p99: number | null;
  }>(
    `select date_trunc(${group}, c.decided_at, 'UTC') as period, s.id as service_id, s.name,
            s.sla_minutes, count(*)::int as decided,
            count(*) filter (where c.decided_at - c.bound_time
                                   > make_interval(mins => s.sla_minutes))::int as over_sla,
            percentile_disc(0.5) within group (order by ${WAIT}) as p50,
            percentile_disc(0.9) within group (order by ${WAIT}) as p90,
            percentile_disc(0.99) within group (order by ${WAIT}) as p99
       from contents c join services s on s.id = c.service_id
      where ${conditions.join(' and ')}
      group by 1, 2, 3, 4
      limit ${params.add(limit)}`,
    params.values,
  );
  return rows.map((row) => ({
    period: time(row.period),
    serviceId: row.service_id,
    service: row.name,
    slaMinutes: row.sla_minutes,
    decided: row.decided,
    overSla: row.over_sla,
    p50: pct(row.p50),
    p90: pct(row.p90),
    p99: pct(row.p99),
  }));
}

export async function chartFromRows(
  db: Queryable,
  filter: RollupFilter,
): Promise<ChartAggregate[]> {
  const { params, group, conditions } = decisionScope(filter);
  const arrivalConditions = arrivalScope(filter, params);
  const rows = await db.query<{
    period: Date;
    arrivals: number;
    decided: number;
    over_sla: number;
    p50: number | null;
    p90: number | null;
  }>(
    `with arrived as (
       select date_trunc(${group}, a.bound_time, 'UTC') as period, count(*)::int as arrivals
         from contents a where ${arrivalConditions.join(' and ')} group by 1
     ), decided as (
       select date_trunc(${group}, c.decided_at, 'UTC') as period, count(*)::int as decided,
              count(*) filter (where c.decided_at - c.bound_time
                                     > make_interval(mins => s.sla_minutes))::int as over_sla,
              percentile_disc(0.5) within group (order by ${WAIT}) as p50,
              percentile_disc(0.9) within group (order by ${WAIT}) as p90
         from contents c join services s on s.id = c.service_id
        where ${conditions.join(' and ')} group by 1
     )
     select coalesce(a.period, d.period) as period, coalesce(a.arrivals, 0) as arrivals,
            coalesce(d.decided, 0) as decided, coalesce(d.over_sla, 0) as over_sla, d.p50, d.p90
       from arrived a full join decided d on d.period = a.period`,
    params.values,
  );
  return rows.map((row) => ({
    period: time(row.period),
    arrivals: row.arrivals,
    decided: row.decided,
    overSla: row.over_sla,
    p50: pct(row.p50),
    p90: pct(row.p90),
  }));
}

/** Arrivals less decisions before `start`, counted over the items. */
export async function queueDepthFromRows(
  db: Queryable,
  start: Date,
  serviceId: number | undefined,
): Promise<number> {
  const params = new SqlParams();
  const before = params.add(start);
  const service = serviceId === undefined ? '' : `and service_id = ${params.add(serviceId)}`;
  const row = await queryOne<{ depth: number }>(
    db,
    `select ((select count(*) from contents where bound_time < ${before} ${service})
           - (select count(*) from contents
               where status = 'decided' and decided_at < ${before} ${service}))::int as depth`,
    params.values,
  );
  return row?.depth ?? 0;
}
