-- The rollup journal: what the report rollups (049) and the AI agreement figures (048) still have
-- to count. Those rollups are rows every decision of the hour shares (this hour's totals, each
-- tag's), so adding to them in the transaction that decides an item made every submit on
-- PostgreSQL wait for the one before it. Instead, the transactions that write items append one
-- row per item here, a row nobody else touches:
--   'arrival'   an item arrived (ingest): its arrival counts by bound_time;
--   'decision'  an item was decided (every decide path): its decision counts by decided_at, and,
--               decided by the AI alone, in ai_review_daily.ai_alone;
--   'agreement' an item got both an AI answer and a human decision in that transaction (the
--               second of the two): it counts in the AI agreement figures.
-- The folder (server/features/reports/rollup-folder.ts), one at a time per database under an
-- advisory lock, adds a batch of these rows to the rollups and deletes them in one transaction, so
-- a crash mid-fold leaves both as they were. Readers add the rows not yet folded to the rollups
-- they read (the *_pending functions below and ai-review-rollup.ts), so a report is exact the
-- moment a decision commits. A journal row names only the item: what it adds is read from the
-- item when folded, which is the same as when it was written (an arrival's bound_time and a
-- decision never change afterwards; a service's SLA is read as set now, as the rollups do).
create table rollup_journal (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('arrival', 'decision', 'agreement')),
  content_id bigint not null
);

-- What a batch of items adds to each rollup, one function per rollup table, used both to fold the
-- journal (report_record_arrivals, report_record_decisions) and to read what it has not folded
-- yet (report_*_pending): one definition of what a rollup counts.

-- Arrivals by bound_time, per service.
create function report_arrival_deltas(ids bigint[])
returns table (grain text, period_start timestamptz, service_id integer, arrivals integer)
language sql stable as $$
  select g.grain, g.period_start, c.service_id, count(*)::integer
    from unnest(ids) as t(id)
    join contents c on c.id = t.id
   cross join lateral (values ('hour', date_trunc('hour', c.bound_time, 'UTC')),
                              ('day', date_trunc('day', c.bound_time, 'UTC')),
                              ('week', date_trunc('week', c.bound_time, 'UTC'))) as g(grain, period_start)
   group by 1, 2, 3
$$;

-- What one decided item's decision counts for. The rollups' deltas take an array of these, made
-- once per batch (report_decision_facts), so a fold reads each item and its tags once.
create type report_decision_fact as (
  service_id integer,
  operator_id integer,
  by_ai boolean,
  hour timestamptz,
  day timestamptz,
  week timestamptz,
  over_sla boolean,
  wait_bucket integer,
  handle_bucket integer,
  tags text[]
);

create function report_decision_facts(ids bigint[]) returns report_decision_fact[]
language sql stable as $$
  select coalesce(array_agg(row(
           c.service_id, c.decided_by, coalesce(c.decision_source = 'ai', false),
           date_trunc('hour', c.decided_at, 'UTC'),
           date_trunc('day', c.decided_at, 'UTC'),
           date_trunc('week', c.decided_at, 'UTC'),
           (c.decided_at - c.bound_time) > make_interval(mins => s.sla_minutes),
           report_duration_bucket(extract(epoch from c.decided_at - c.bound_time)),
           report_duration_bucket(extract(epoch from c.decided_at - c.loaded_at)),
           array(select report_decision_tags(c.moderated_status))
         )::report_decision_fact), '{}')
    from unnest(ids) as t(id)
    join contents c on c.id = t.id
    join services s on s.id = c.service_id
   where c.status = 'decided' and c.decided_at is not null
$$;

create function report_service_decision_deltas(facts report_decision_fact[])
returns table (grain text, period_start timestamptz, service_id integer, decided integer,
               decided_by_ai integer, untagged integer, over_sla integer, wait_hist integer[])
language sql immutable as $$
  select g.grain, g.period_start, d.service_id, count(*)::integer,
         count(*) filter (where d.by_ai)::integer,
         count(*) filter (where cardinality(d.tags) = 0)::integer,
         count(*) filter (where d.over_sla)::integer, report_hist(array_agg(d.wait_bucket))
    from unnest(facts) d
   cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
   group by 1, 2, 3
$$;

create function report_total_decision_deltas(facts report_decision_fact[])
returns table (grain text, period_start timestamptz, decided integer, over_sla integer,
               wait_hist integer[])
language sql immutable as $$
  select g.grain, g.period_start, count(*)::integer,
         count(*) filter (where d.over_sla)::integer, report_hist(array_agg(d.wait_bucket))
    from unnest(facts) d
   cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
   group by 1, 2
$$;

create function report_tag_decision_deltas(facts report_decision_fact[])
returns table (grain text, period_start timestamptz, service_id integer, tag text, decided integer)
language sql immutable as $$
  select g.grain, g.period_start, d.service_id, tag.name, count(*)::integer
    from unnest(facts) d
   cross join lateral (values ('hour', d.hour), ('day', d.day), ('week', d.week)) as g(grain, period_start)
   cross join lateral unnest(d.tags) as tag(name)
   group by 1, 2, 3, 4
$$;

-- An operator's hour counts as active once: when none of the operator's decisions of that hour
-- was counted before (report_operator_hours holds the hours counted). Exact only while one
-- transaction at a time adds decisions, which the folder's lock sees to.
create function report_operator_decision_deltas(facts report_decision_fact[])
returns table (grain text, period_start timestamptz, operator_id integer, decided integer,
               active_hours integer, untagged integer, handled integer, handle_hist integer[])
language sql stable as $$
  with d as (
    select * from unnest(facts) f where f.operator_id is not null and not f.by_ai
  ),
  new_hours as (
    select distinct d.hour, d.operator_id from d
     where not exists (select 1 from report_operator_hours h
                        where h.period_start = d.hour and h.operator_id = d.operator_id)
  ),
  hours as (
    select h.operator_id, g.grain, g.period_start, count(*)::integer as n
      from new_hours h
     cross join lateral (values ('day', date_trunc('day', h.hour, 'UTC')),
                                ('week', date_trunc('week', h.hour, 'UTC'))) as g(grain, period_start)
     group by 1, 2, 3
  ),
  longer as (
    select g.grain, g.period_start, d.operator_id, count(*)::integer as decided,
           count(*) filter (where cardinality(d.tags) = 0)::integer as untagged,
           count(d.handle_bucket)::integer as handled,
           report_hist(array_agg(d.handle_bucket)) as handle_hist
      from d cross join lateral (values ('day', d.day), ('week', d.week)) as g(grain, period_start)
     group by 1, 2, 3
  )
  select l.grain, l.period_start, l.operator_id, l.decided, coalesce(n.n, 0), l.untagged,
         l.handled, l.handle_hist
    from longer l
    left join hours n
      on n.operator_id = l.operator_id and n.grain = l.grain and n.period_start = l.period_start
$$;

-- Adds the arrivals of these items to the rollups. Run it under the folder's lock.
create or replace function report_record_arrivals(ids bigint[]) returns void
language sql as $$
  with a as (select * from report_arrival_deltas(ids)),
  services_done as (
    insert into report_service_rollups as r (grain, period_start, service_id, arrivals)
    select a.grain, a.period_start, a.service_id, a.arrivals from a
    on conflict (grain, period_start, service_id)
    do update set arrivals = r.arrivals + excluded.arrivals
    returning 1
  )
  insert into report_total_rollups as r (grain, period_start, arrivals)
  select a.grain, a.period_start, sum(a.arrivals) from a group by a.grain, a.period_start
  on conflict (grain, period_start) do update set arrivals = r.arrivals + excluded.arrivals
$$;

-- Adds the decisions of these items to every rollup, once per item. Run it under the folder's
-- lock: the operators' active hours are exact only when one call at a time adds decisions.
create function report_add_decisions(facts report_decision_fact[]) returns void
language sql as $$
  with services_done as (
    insert into report_service_rollups as r
           (grain, period_start, service_id, decided, decided_by_ai, untagged, over_sla, wait_hist)
    select * from report_service_decision_deltas(facts)
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
    select * from report_total_decision_deltas(facts)
    on conflict (grain, period_start) do update
       set decided = r.decided + excluded.decided,
           over_sla = r.over_sla + excluded.over_sla,
           wait_hist = report_hist_add(r.wait_hist, excluded.wait_hist)
    returning 1
  ),
  tags_done as (
    insert into report_tag_rollups as r (grain, period_start, service_id, tag, decided)
    select * from report_tag_decision_deltas(facts)
    on conflict (grain, period_start, service_id, tag) do update set decided = r.decided + excluded.decided
    returning 1
  ),
  -- Every CTE sees the hours as they were before this statement, so the deltas below count
  -- the hours this statement adds.
  hours_done as (
    insert into report_operator_hours (period_start, operator_id)
    select distinct f.hour, f.operator_id from unnest(facts) f
     where f.operator_id is not null and not f.by_ai
    on conflict (period_start, operator_id) do nothing
    returning 1
  )
  insert into report_operator_rollups as r
         (grain, period_start, operator_id, decided, active_hours, untagged, handled, handle_hist)
  select * from report_operator_decision_deltas(facts)
  on conflict (grain, period_start, operator_id) do update
     set decided = r.decided + excluded.decided,
         active_hours = r.active_hours + excluded.active_hours,
         untagged = r.untagged + excluded.untagged,
         handled = r.handled + excluded.handled,
         handle_hist = report_hist_add(r.handle_hist, excluded.handle_hist)
$$;

create or replace function report_record_decisions(ids bigint[]) returns void
language sql as $$
  select report_add_decisions(report_decision_facts(ids))
$$;

-- The items of the journal rows of a kind not folded yet.
create function rollup_journal_items(journal_kind text) returns bigint[]
language sql stable as $$
  select coalesce(array_agg(j.content_id), '{}') from rollup_journal j where j.kind = journal_kind
$$;

-- What the rows not folded yet add, per rollup table: a reader adds these to the rollup rows it
-- reads (a null histogram: nothing to add to it).
create function report_service_pending()
returns table (grain text, period_start timestamptz, service_id integer, arrivals integer,
               decided integer, decided_by_ai integer, untagged integer, over_sla integer,
               wait_hist integer[])
language sql stable as $$
  select grain, period_start, service_id, coalesce(a.arrivals, 0), coalesce(d.decided, 0),
         coalesce(d.decided_by_ai, 0), coalesce(d.untagged, 0), coalesce(d.over_sla, 0),
         d.wait_hist
    from report_arrival_deltas(rollup_journal_items('arrival')) a
    full join report_service_decision_deltas(
                report_decision_facts(rollup_journal_items('decision'))) d
   using (grain, period_start, service_id)
$$;

create function report_total_pending()
returns table (grain text, period_start timestamptz, arrivals integer, decided integer,
               over_sla integer, wait_hist integer[])
language sql stable as $$
  select grain, period_start, coalesce(a.arrivals, 0), coalesce(d.decided, 0),
         coalesce(d.over_sla, 0), d.wait_hist
    from (select x.grain, x.period_start, sum(x.arrivals)::integer as arrivals
            from report_arrival_deltas(rollup_journal_items('arrival')) x group by 1, 2) a
    full join report_total_decision_deltas(
                report_decision_facts(rollup_journal_items('decision'))) d
   using (grain, period_start)
$$;

create function report_tag_pending()
returns table (grain text, period_start timestamptz, service_id integer, tag text, decided integer)
language sql stable as $$
  select * from report_tag_decision_deltas(report_decision_facts(rollup_journal_items('decision')))
$$;

create function report_operator_pending()
returns table (grain text, period_start timestamptz, operator_id integer, decided integer,
               active_hours integer, untagged integer, handled integer, handle_hist integer[])
language sql stable as $$
  select * from report_operator_decision_deltas(
    report_decision_facts(rollup_journal_items('decision')))
$$;

-- Recounts one service's SLA breaches after its sla_minutes changed, and the totals they are in:
-- the decisions folded so far (those in the journal count with the SLA as set when folded). Run
-- it under the folder's lock, taken before the service's row (a fold inserting a rollup row of
-- the service waits for that row's lock).
create or replace function report_refresh_sla(service integer) returns void
language sql as $$
  with breaches as (
    select g.grain, g.period_start, count(*)::integer as n
      from contents c
      join services s on s.id = c.service_id
     cross join lateral (values ('hour', date_trunc('hour', c.decided_at, 'UTC')),
                                ('day', date_trunc('day', c.decided_at, 'UTC')),
                                ('week', date_trunc('week', c.decided_at, 'UTC'))) as g(grain, period_start)
     where c.service_id = service and c.status = 'decided'
       and c.decided_at - c.bound_time > make_interval(mins => s.sla_minutes)
       and not exists (select 1 from rollup_journal j
                        where j.kind = 'decision' and j.content_id = c.id)
     group by 1, 2
  ),
  recounted as (
    update report_service_rollups r
       set over_sla = coalesce(b.n, 0)
      from report_service_rollups k
      left join breaches b on b.grain = k.grain and b.period_start = k.period_start
     where k.service_id = service and k.decided > 0
       and r.grain = k.grain and r.period_start = k.period_start and r.service_id = service
    returning r.grain, r.period_start, r.over_sla
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
