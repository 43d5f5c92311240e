-- History and insight: what the history, AI review and report screens read beside the decision.

-- Who decided an item: 'human' (an operator's submit) or 'ai' (the service lets the AI decide
-- alone, see services.ai_decides_alone). Null until decided.
alter table contents add column decision_source text
  check (decision_source in ('human', 'ai'));
update contents set decision_source = 'human' where status = 'decided';
-- When the AI answer was stored (at ingest or by the AI worker).
alter table contents add column ai_answered_at timestamptz;
update contents set ai_answered_at = bound_time + make_interval(secs => coalesce(ai_response_time, 0))
 where ai_state = 'done';
-- When the item reached the deciding operator's screen (their last content-duration record),
-- copied at the decision so that handling time (decided_at - loaded_at) needs no join.
alter table contents add column loaded_at timestamptz;
update contents c
   set loaded_at = (select max(d.loaded_at) from content_durations d
                     where d.content_id = c.id and d.user_id = c.decided_by)
 where c.status = 'decided';

-- Per-service rules the reports and the queue read.
-- SLA: an item should be decided within this many minutes of its arrival.
alter table services add column sla_minutes integer not null default 15
  check (sla_minutes between 1 and 10080);
-- 'never': every item waits for an operator. 'safe': an item the AI answers with no tag is
-- decided by the AI alone (no tag applies) and delivered without reaching the queue.
alter table services add column ai_decides_alone text not null default 'never'
  check (ai_decides_alone in ('never', 'safe'));

-- The services a customer account may read on /customer-moderation (edited on /users).
create table user_services (
  user_id integer not null references users (id) on delete cascade,
  service_id integer not null references services (id) on delete cascade,
  primary key (user_id, service_id)
);
create index user_services_service_idx on user_services (service_id);

-- Saved report filters on /reports: owned by one user, visible to others when shared.
create table saved_reports (
  id serial primary key,
  owner_id integer not null references users (id) on delete cascade,
  name text not null,
  filters jsonb not null,
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index saved_reports_owner_name_key on saved_reports (owner_id, lower(name));
create index saved_reports_shared_idx on saved_reports (shared) where shared;
