-- Report rollups: what /reports and /charts read instead of every decided item. Each table holds
-- a row per UTC hour, per UTC day and per ISO week (Monday) and key, its `grain`: a report grouped
-- by hour, day or week reads those rows as they are, one row per line of the report, so reading
-- a quarter is a few thousand rows whatever the volume. They are kept current in the
-- transaction that writes the item: arrivals at ingest (report_record_arrivals), decisions in
-- every decide path (report_record_decisions, called by recordDecisionRollups in
-- server/features/reports/report-rollups.ts). Rebuilding them from contents (the backfill below,
-- rebuildReportRollups) runs the same two functions over every item, so there is one definition
-- of what a rollup counts.
--
-- Durations (arrival to decision, load to decision) are kept as histograms: an integer array
-- whose element b counts the durations in bucket b (1-based). Bucket 1 is [0 s, 1 s); bucket
-- b >= 2 is [1.1^(b-2) s, 1.1^(b-1) s) (a negative duration, clock skew, counts as 0 s), so a percentile read back as its bucket's geometric middle
-- is within 4.9 % of the exact value (0.5 s below one second). Histograms add up as decisions
-- come in, which exact percentiles cannot; each row's percentiles are generated columns read from
-- its histogram. Bucket 200 holds everything from 5 years on.

create function report_duration_bucket(seconds double precision) returns integer
language sql immutable as $$
  select case
    when seconds is null then null
    when seconds < 1 then 1
    else least(200, 2 + floor(ln(seconds) / ln(1.1))::integer)
  end
$$;

-- The histogram of a list of buckets (nulls are left out): element b counts the b's.
create function report_hist(buckets integer[]) returns integer[]
language sql immutable as $$
  select coalesce(array_agg(coalesce(c.n, 0) order by i), '{}')
    from generate_series(1, coalesce((select max(b) from unnest(buckets) b), 0)) i
    left join (select b, count(*)::integer as n from unnest(buckets) b
                where b is not null group by b) c on c.b = i
$$;

-- Two histograms added element by element (their lengths may differ).
create function report_hist_add(a integer[], b integer[]) returns integer[]
language sql immutable as $$
  select coalesce(array_agg(coalesce(a[i], 0) + coalesce(b[i], 0) order by i), '{}')
    from generate_series(1, greatest(coalesce(cardinality(a), 0), coalesce(cardinality(b), 0))) i
$$;

-- The nearest-rank percentile q of a histogram (what percentile_disc answers on the durations),
-- as its bucket's geometric middle; null for an empty histogram.
create function report_hist_percentile(hist integer[], q double precision) returns double precision
language sql immutable as $$
  select case when x.i = 1 then 0.5 else power(1.1, x.i - 1.5) end
    from (select i, sum(hist[i]) over (order by i) as seen, sum(hist[i]) over () as total
            from generate_subscripts(hist, 1) i) x
   where x.total > 0 and x.seen >= greatest(1, ceil(q * x.total))
   order by x.i limit 1
$$;

-- The tags a decision applied: every key set to 1, and 'additional' for a custom tag.
create function report_decision_tags(status jsonb) returns setof text
language sql immutable as $$
  select e.key from jsonb_each(coalesce(status, '{}')) e
   where (e.key <> 'additional' and e.value = '1'::jsonb)
      or (e.key = 'additional' and jsonb_typeof(e.value) = 'string' and e.value #>> '{}' <> '')
$$;

-- Per service: arrivals, decisions and their mix, SLA breaches and the arrival-to-decision
-- histogram. over_sla is judged against the service's sla_minutes, and recounted when it changes
-- (report_refresh_sla), so the report always reads "over the SLA as set now".
create table report_service_rollups (
  grain text not null check (grain in ('hour', 'day', 'week')),
  period_start timestamptz not null,
  service_id integer not null references services (id) on delete cascade,
  arrivals integer not null default 0,
  decided integer not null default 0,
  decided_by_ai integer not null default 0,
  untagged integer not null default 0,
  over_sla integer not null default 0,
  wait_hist integer[] not null default '{}',
  wait_p50 double precision generated always as (report_hist_percentile(wait_hist, 0.5)) stored,
  wait_p90 double precision generated always as (report_hist_percentile(wait_hist, 0.9)) stored,
  wait_p99 double precision generated always as (report_hist_percentile(wait_hist, 0.99)) stored,
  primary key (grain, period_start, service_id)
);
create index report_service_rollups_service_idx on report_service_rollups (service_id, grain, period_start);

-- Per operator (decisions an operator made; the AI's own decisions have no operator), by day and
-- by week: how many, in how many distinct hours, how many without a tag, and the load-to-decision
-- histogram of those whose load time is known (handled). There are no hour rows: an operator
-- decides a handful of items in an hour, so they would be nearly as many as the items; a report
-- by hour reads the items (at most a month of them, see REPORT_LIMITS).
create table report_operator_rollups (
  grain text not null check (grain in ('day', 'week')),
  period_start timestamptz not null,
  operator_id integer not null references users (id) on delete cascade,
  decided integer not null default 0,
  active_hours integer not null default 0,
  untagged integer not null default 0,
  handled integer not null default 0,
  handle_hist integer[] not null default '{}',
  handle_p50 double precision generated always as (report_hist_percentile(handle_hist, 0.5)) stored,
  handle_p90 double precision generated always as (report_hist_percentile(handle_hist, 0.9)) stored,
  primary key (grain, period_start, operator_id)
);

-- The hours in which an operator decided anything: what active_hours counts.
create table report_operator_hours (
  period_start timestamptz not null,
  operator_id integer not null references users (id) on delete cascade,
  primary key (period_start, operator_id)
);

-- Per service and tag: how many decisions applied the tag ('additional': a custom tag).
create table report_tag_rollups (
  grain text not null check (grain in ('hour', 'day', 'week')),
  period_start timestamptz not null,
  service_id integer not null references services (id) on delete cascade,
  tag text not null,
  decided integer not null default 0,
  primary key (grain, period_start, service_id, tag)
);

-- Every service together, for /charts: the service rows summed as they are written, so a
-- chart reads one row per period.
create table report_total_rollups (
  grain text not null check (grain in ('hour', 'day', 'week')),
  period_start timestamptz not null,
  arrivals integer not null default 0,
  decided integer not null default 0,
  over_sla integer not null default 0,
  wait_hist integer[] not null default '{}',
  wait_p50 double precision generated always as (report_hist_percentile(wait_hist, 0.5)) stored,
  wait_p90 double precision generated always as (report_hist_percentile(wait_hist, 0.9)) stored,
  primary key (grain, period_start)
);

-- Raw reads of one service's decisions (the SLA recount, a service-filtered report).
create index contents_service_decided_idx on contents (service_id, decided_at) where status = 'decided';

-- Adds the arrivals of these items (by bound_time) to the service rollups.
create function report_record_arrivals(ids bigint[]) returns void
language sql as $$
  with a as (
    select g.grain, g.period_start, c.service_id, count(*)::integer as n
      from unnest(ids) as t(id)
      join contents c on c.id = t.id
     cross join lateral (values ('hour', date_trunc('hour', c.bound_time, 'UTC')),
                                ('day', date_trunc('day', c.bound_time, 'UTC')),
                                ('week', date_trunc('week', c.bound_time, 'UTC'))) as g(grain, period_start)
     group by g.grain, g.period_start, c.service_id
  ),
  services_done as (
    insert into report_service_rollups as r (grain, period_start, service_id, arrivals)
    select grain, period_start, service_id, n from a
    on conflict (grain, period_start, service_id)
    do update set arrivals = r.arrivals + excluded.arrivals
    returning 1
  )
  insert into report_total_rollups as r (grain, period_start, arrivals)
  select grain, period_start, sum(n) from a group by grain, period_start
  on conflict (grain, period_start) do update set arrivals = r.arrivals + excluded.arrivals
$$;

-- Adds the decisions of these items to every rollup. Call it once per item, in the transaction
-- that decides it. An operator's day and week rows count an hour as active when this call
-- inserted the operator's row of that hour into report_operator_hours (a row already there is
-- skipped; a concurrent transaction inserting the same one waits, then skips), so an hour counts
-- once.
create function report_record_decisions(ids bigint[]) returns void
language sql as $$
  with d as (
    select c.service_id, c.decided_by as operator_id, c.moderated_status,
           coalesce(c.decision_source = 'ai', false) as by_ai,
           date_trunc('hour', c.decided_at, 'UTC') as hour,
           date_trunc('day', c.decided_at, 'UTC') as day,
           date_trunc('week', c.decided_at, 'UTC') as week,
           (c.decided_at - c.bound_time) > make_interval(mins => s.sla_minutes) as over_sla,
           report_duration_bucket(extract(epoch from c.decided_at - c.bound_time)) as wait_bucket,
           report_duration_bucket(extract(epoch from c.decided_at - c.loaded_at)) as handle_bucket,
           not exists (select 1 from report_decision_tags(c.moderated_status)) as untagged
      from unnest(ids) as t(id)
      join contents c on c.id = t.id
      join services s on s.id = c.service_id
     where c.status = 'decided' and c.decided_at is not null
  ),
  services_done as (
    insert into report_service_rollups as r
           (grain, period_start, service_id, decided, decided_by_ai, untagged, over_sla, wait_hist)
    select g.grain, g.period_start, d.service_id, count(*), count(*) filter (where d.by_ai),
           count(*) filter (where d.untagged), count(*) filter (where d.over_sla),
           report_hist(array_agg(d.wait_bucket))
      from d cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
     group by g.grain, g.period_start, d.service_id
    on conflict (grain, period_start, service_id) do update
       set decided = r.decided + excluded.decided,
           decided_by_ai = r.decided_by_ai + excluded.decided_by_ai,
           untagged = r.untagged + excluded.untagged,
           over_sla = r.over_sla + excluded.over_sla,
           wait_hist = report_hist_add(r.wait_hist, excluded.wait_hist)
    returning 1
  ),
  totals_done as (
    insert into report_total_rollups as r (grain, period_start, decided, over_sla, wait_hist)
    select g.grain, g.period_start, count(*), count(*) filter (where d.over_sla),
           report_hist(array_agg(d.wait_bucket))
      from d cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
     group by g.grain, g.period_start
    on conflict (grain, period_start) do update
       set decided = r.decided + excluded.decided,
           over_sla = r.over_sla + excluded.over_sla,
           wait_hist = report_hist_add(r.wait_hist, excluded.wait_hist)
    returning 1
  ),
  tags_done as (
    insert into report_tag_rollups as r (grain, period_start, service_id, tag, decided)
    select g.grain, g.period_start, d.service_id, tag.name, count(*)
      from d cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
     cross join lateral report_decision_tags(d.moderated_status) as tag(name)
     group by g.grain, g.period_start, d.service_id, tag.name
    on conflict (grain, period_start, service_id, tag) do update set decided = r.decided + excluded.decided
    returning 1
  ),
  hours_done as (
    insert into report_operator_hours (period_start, operator_id)
    select distinct d.hour, d.operator_id from d where d.operator_id is not null and not d.by_ai
    on conflict (period_start, operator_id) do nothing
    returning period_start, operator_id
  ),
  new_hours as (
    select h.operator_id, g.grain, g.period_start, count(*)::integer as n
      from hours_done h
     cross join lateral (values ('day', date_trunc('day', h.period_start, 'UTC')),
                                ('week', date_trunc('week', h.period_start, 'UTC'))) as g(grain, period_start)
     group by 1, 2, 3
  ),
  longer as (
    select g.grain, g.period_start, d.operator_id, count(*)::integer as decided,
           count(*) filter (where d.untagged)::integer as untagged,
           count(d.handle_bucket)::integer as handled,
           report_hist(array_agg(d.handle_bucket)) as handle_hist
      from d cross join lateral (values ('day', d.day), ('week', d.week)) as g(grain, period_start)
     where d.operator_id is not null and not d.by_ai
     group by 1, 2, 3
  )
  insert into report_operator_rollups as r
         (grain, period_start, operator_id, decided, active_hours, untagged, handled, handle_hist)
  select l.grain, l.period_start, l.operator_id, l.decided, coalesce(n.n, 0), l.untagged,
         l.handled, l.handle_hist
    from longer l
    left join new_hours n
      on n.operator_id = l.operator_id and n.grain = l.grain and n.period_start = l.period_start
  on conflict (grain, period_start, operator_id) do update
     set decided = r.decided + excluded.decided,
         active_hours = r.active_hours + excluded.active_hours,
         untagged = r.untagged + excluded.untagged,
         handled = r.handled + excluded.handled,
         handle_hist = report_hist_add(r.handle_hist, excluded.handle_hist)
$$;

-- Recounts one service's SLA breaches after its sla_minutes changed, and the totals they are in.
create function report_refresh_sla(service integer) returns void
language sql as $$
  with recounted as (
    update report_service_rollups r
       set over_sla = (
         select count(*) from contents c
          where c.service_id = r.service_id and c.status = 'decided'
            and c.decided_at >= r.period_start
            and c.decided_at < r.period_start + case r.grain when 'hour' then interval '1 hour'
                                                              when 'day' then interval '1 day'
                                                              else interval '7 days' end
            and c.decided_at - c.bound_time > make_interval(mins => s.sla_minutes))
      from services s
     where s.id = r.service_id and r.service_id = service and r.decided > 0
    returning r.grain, r.period_start, r.over_sla, r.service_id
  )
  update report_total_rollups t
     set over_sla = x.n
    from (select k.grain, k.period_start,
                 (select coalesce(sum(o.over_sla), 0) from report_service_rollups o
                   where o.grain = k.grain and o.period_start = k.period_start
                     and o.service_id <> service)
                 + k.over_sla as n
            from recounted k) x
   where t.grain = x.grain and t.period_start = x.period_start
$$;

-- Backfill: the items already stored.
select report_record_arrivals(array(select id from contents));
select report_record_decisions(array(select id from contents where status = 'decided'));
