-- The Dev Box (/sandbox): sample items sent through the whole pipeline to the built-in receiver.

-- The one sandbox service. Its items are delivered to the built-in receiver whatever its
-- callback_url says (delivery-repository.ts claimDueDeliveries), so a sandbox run can never
-- reach a real service's callback.
alter table services add column sandbox boolean not null default false;
create unique index services_one_sandbox_idx on services (sandbox) where sandbox;

-- One row per sample item: who sent it, as which service (whose tags and AI it borrowed) and
-- who was to decide it.
create table sandbox_runs (
  content_id bigint primary key references contents (id) on delete cascade,
  created_by integer references users (id) on delete set null,
  source_service_id integer references services (id) on delete set null,
  -- 'operator': leased to the sender, who decides it; 'ai': the AI decides it alone.
  mode text not null check (mode in ('operator', 'ai')),
  created_at timestamptz not null default now()
);
create index sandbox_runs_created_by_idx on sandbox_runs (created_by, created_at);

-- What the built-in receiver got: every header as received, and what it answered.
alter table demo_receiver_deliveries add column headers jsonb;
alter table demo_receiver_deliveries add column answered_status integer;
