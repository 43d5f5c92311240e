-- AI review: what /ai-moderation and /aicontent read.

-- How an item's AI answer compares with its decision:
--   'ai_alone'  the AI decided it alone (services.ai_decides_alone),
--   'undecided' no decision yet,
--   'agree'     the AI's tag set (SAFE meaning none) equals the operator's applied tags (1s,
--               the custom tag `additional` aside),
--   'disagree'  otherwise.
-- Immutable (it reads only its arguments), so an index can hold it and the search's agreement
-- filter reads that index instead of comparing every row's tags.
create function ai_review_state(ai jsonb, human jsonb, status text, source text)
  returns text language sql immutable parallel safe as $$
  select case
    when source = 'ai' then 'ai_alone'
    when status is distinct from 'decided' or human is null then 'undecided'
    when coalesce((select jsonb_agg(distinct t order by t)
                     from jsonb_array_elements_text(
                            case when jsonb_typeof(ai) = 'array' then ai else '[]'::jsonb end) t
                    where t <> 'SAFE'), '[]'::jsonb)
       = coalesce((select jsonb_agg(k order by k)
                     from jsonb_each(
                            case when jsonb_typeof(human) = 'object' then human else '{}'::jsonb end)
                          as e(k, v)
                    where k <> 'additional' and v = '1'::jsonb), '[]'::jsonb)
    then 'agree'
    else 'disagree'
  end
$$;

-- The AI results search sorts by arrival, newest first, and filters on one thing at a time:
-- nothing, a service, or the agreement. Each index leads with the filter and then the sort, so
-- the first page reads a page's worth of entries; a common tag and the response time walk the
-- first one.
create index contents_ai_done_idx on contents (bound_time, id) where ai_state = 'done';
create index contents_ai_done_service_idx on contents (service_id, bound_time, id)
  where ai_state = 'done';
create index contents_ai_review_state_idx
  on contents (ai_review_state(ai_moderated_status, moderated_status, status, decision_source),
               bound_time, id)
  where ai_state = 'done';
-- A rare AI tag: the items carrying it (ai-review-repository.ts tagPlan; `?` on jsonb_ops).
create index contents_ai_tags_idx on contents using gin (ai_moderated_status)
  where ai_state = 'done';
-- /aicontent's failed list: undecided items that gave up on AI (a decision takes them out).
create index contents_ai_failed_idx on contents (bound_time, id)
  where ai_state = 'failed' and status <> 'decided';

-- The agreement table of /ai-moderation over months would read every decision; these daily
-- counts are kept current in the transaction that makes an item count (the human decision, or
-- the AI answer of an item a human decided first: ai-review-rollup.ts), by the UTC day of the
-- item's arrival, so the table reads a few rows per service and day.
-- Per service tag: AI positive (the tag among the AI's tags) against human positive (1).
create table ai_agreement_daily (
  service_id integer not null references services (id) on delete cascade,
  day date not null,
  tag text not null,
  tp integer not null default 0,
  fp integer not null default 0,
  fn integer not null default 0,
  tn integer not null default 0,
  primary key (service_id, day, tag)
);
create index ai_agreement_daily_day_idx on ai_agreement_daily (day);

-- Per service: items with both an AI answer and a human decision, those whose whole tag set
-- agreed, and items the AI decided alone.
create table ai_review_daily (
  service_id integer not null references services (id) on delete cascade,
  day date not null,
  compared integer not null default 0,
  agreed integer not null default 0,
  ai_alone integer not null default 0,
  primary key (service_id, day)
);
create index ai_review_daily_day_idx on ai_review_daily (day);

-- Decisions made before this migration.
insert into ai_review_daily (service_id, day, compared, agreed)
select service_id, (bound_time at time zone 'UTC')::date, count(*),
       count(*) filter (where ai_review_state(ai_moderated_status, moderated_status, status,
                                              decision_source) = 'agree')
  from contents
 where status = 'decided' and decision_source = 'human' and ai_state = 'done'
 group by 1, 2;
insert into ai_agreement_daily (service_id, day, tag, tp, fp, fn, tn)
select c.service_id, (c.bound_time at time zone 'UTC')::date, tag,
       count(*) filter (where c.ai_moderated_status ? tag and c.moderated_status -> tag = '1'),
       count(*) filter (where c.ai_moderated_status ? tag
                          and c.moderated_status -> tag is distinct from '1'),
       count(*) filter (where not c.ai_moderated_status ? tag
                          and c.moderated_status -> tag = '1'),
       count(*) filter (where not c.ai_moderated_status ? tag
                          and c.moderated_status -> tag is distinct from '1')
  from contents c
  join services s on s.id = c.service_id
  cross join unnest(s.tags) as tag
 where c.status = 'decided' and c.decision_source = 'human' and c.ai_state = 'done'
 group by 1, 2, 3;
