-- The audit log: every change an administrator or user makes, written in the same transaction as
-- the change. Append-only: the console has no call that updates or deletes a row.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_id integer references users (id) on delete set null,
  -- Kept as text too, so a row still names its actor after the user is gone.
  actor_username text,
  action text not null,
  target_type text,
  target_id text,
  details jsonb not null default '{}'::jsonb,
  ip text
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_actor_idx on audit_log (actor_id, at desc, id desc);
create index audit_log_action_idx on audit_log (action, at desc, id desc);
create index audit_log_target_idx on audit_log (target_type, target_id, at desc, id desc)
