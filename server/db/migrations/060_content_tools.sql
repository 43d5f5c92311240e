-- The tools staff use on one item and on many (/content-tool, /discard): the history of every
-- lease, what staff did to an item by hand, bulk discard jobs, discarding as a way an item is
-- decided, and deliveries kept when a decision is taken back.

-- Discarding decides an item: status 'decided', decision_source 'discard', no moderated_status
-- (nothing was judged) and no decided_by (no operator decided: counts of what operators decided
-- leave it out), the person who discarded it in discarded_by. So it leaves every queue, the
-- history lists it with who discarded it, and a late submit is refused as already decided.
-- discarded_by has no foreign key: deleting a user would have to scan every item for it.
alter table contents drop constraint contents_decision_source_check;
alter table contents add constraint contents_decision_source_check
  check (decision_source in ('human', 'ai', 'discard'));
alter table contents add column discarded_by integer;

-- Every lease that ended: who held it, from when to when, and why it ended. The lease still
-- running is the item's own row (contents.assigned_to, assigned_at), so a claim writes nothing
-- here; the row is written when the lease ends, by the trigger below, inside the statement that
-- ends it. No foreign keys: the row is written on the submit path, and the users and items it
-- names are read with left joins.
create table content_leases (
  id bigserial primary key,
  content_id bigint not null,
  user_id integer,
  started_at timestamptz,
  ended_at timestamptz not null default now(),
  -- submitted, decided (by someone else than the holder), discarded, requeued, unmapped,
  -- parked, kicked, deactivated, lapsed (not renewed within the grace), released (other).
  end_reason text not null,
  -- What the reason carries: the client's unmap reason (cannot_load, operator_skip, ...).
  end_detail text
);
create index content_leases_content_idx on content_leases (content_id, id);

-- Why a lease ends is known to the statement that ends it: it says so in the transaction-local
-- setting moderation.lease_end ('reason' or 'reason:detail', content-repository.ts
-- withLeaseEnd). A decision is told apart by the row itself; a release without the setting is
-- 'lapsed' when its lease had run out (the lease keeper's sweep), else 'released'.
create function content_lease_ended() returns trigger language plpgsql as $$
declare
  told text := coalesce(current_setting('moderation.lease_end', true), '');
begin
  insert into content_leases (content_id, user_id, started_at, end_reason, end_detail)
  values (
    old.id, old.assigned_to, old.assigned_at,
    case
      when new.status = 'decided' and new.decision_source = 'discard' then 'discarded'
      when new.status = 'decided' and new.decided_by is not distinct from old.assigned_to
        then 'submitted'
      when new.status = 'decided' then 'decided'
      when told <> '' then split_part(told, ':', 1)
      when old.lease_expires_at <= now() then 'lapsed'
      else 'released'
    end,
    case when new.status <> 'decided' and told like '%:%'
         then nullif(substr(told, strpos(told, ':') + 1), '') end);
  return null;
end
$$;

-- Only an update that ends a lease calls the function: a claim (pending to assigned), a renewal
-- and an AI answer are filtered out by the condition, evaluated before any call.
create trigger contents_lease_ended
  after update of status, assigned_to on contents
  for each row when (old.status = 'assigned'
                     and (new.status <> 'assigned' or new.assigned_to is distinct from old.assigned_to))
  execute function content_lease_ended();

-- What staff did to one item by hand or in bulk, for its timeline: requeued (with the decision
-- it took back, if any), discarded (with the bulk job, if any), redelivered.
create table content_actions (
  id bigserial primary key,
  content_id bigint not null references contents (id) on delete cascade,
  action text not null check (action in ('requeued', 'discarded', 'redelivered')),
  actor_id integer references users (id) on delete set null,
  actor_username text not null,
  reason text,
  details jsonb not null default '{}',
  at timestamptz not null default now()
);
create index content_actions_content_idx on content_actions (content_id, id);

-- A decision taken back (requeue) keeps its delivery row and attempts as history: the row is
-- superseded (and a delivery that had not gone out is cancelled), and the item's next decision
-- gets a delivery of its own. One current delivery per item, as before.
alter table deliveries add column superseded_at timestamptz;
alter table deliveries drop constraint deliveries_status_check;
alter table deliveries add constraint deliveries_status_check
  check (status in ('pending', 'delivered', 'failed', 'cancelled'));
alter table deliveries drop constraint deliveries_content_id_key;
create unique index deliveries_current_content_idx on deliveries (content_id)
  where superseded_at is null;
create index deliveries_superseded_content_idx on deliveries (content_id)
  where superseded_at is not null;

-- Bulk discards (/discard): one job per confirmed filter, worked through in batches of short
-- transactions by any server process (a batch locks its job's row, so two never overlap), so
-- operators are never blocked for long and a restart resumes it. Items that arrived after the
-- preview (id above max_content_id) are never taken.
create table discard_jobs (
  id serial primary key,
  created_by integer references users (id) on delete set null,
  created_by_username text not null,
  filter jsonb not null,
  reason text,
  max_content_id bigint not null,
  -- How many items the filter matched when it was confirmed.
  expected integer not null,
  discarded integer not null default 0,
  -- Of those, items that were on an operator's screen.
  withdrawn integer not null default 0,
  status text not null default 'running'
    check (status in ('running', 'done', 'cancelled', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index discard_jobs_running_idx on discard_jobs (id) where status = 'running';
create index discard_jobs_created_idx on discard_jobs (created_at);

