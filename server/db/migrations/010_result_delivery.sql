-- Signed result delivery. One row per decided item of a service with a callback URL,
-- written in the same transaction as the decision, so no decision can be left undelivered.
-- A worker claims due rows with FOR UPDATE SKIP LOCKED and leases them for one request
-- (claim_token, next_attempt_at), so any number of processes share the work and a crash
-- mid-request only delays the row until its lease ends.

create table deliveries (
  id bigserial primary key,
  content_id bigint not null unique references contents (id) on delete cascade,
  service_id integer not null references services (id) on delete cascade,
  -- Standard Webhooks: the same id on every retry, so the receiver can drop duplicates.
  webhook_id text not null unique,
  -- The exact JSON body, fixed at decision time: every attempt sends the same bytes.
  body text not null,
  -- pending: to send (again); delivered: a 2xx came back; failed: attempts exhausted.
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claim_token text,
  -- The last attempt: HTTP status or an error code (TIMEOUT, REFUSED, ...), and what came back.
  last_code text,
  last_response text,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index deliveries_due_idx on deliveries (next_attempt_at) where status = 'pending';
create index deliveries_failing_idx on deliveries (last_attempt_at)
  where status = 'failed' or (status = 'pending' and last_code is not null);

-- What the built-in demo receiver (POST /demo-receiver/:service, demo mode) got, and whether the
-- signature checked out.
create table demo_receiver_deliveries (
  id bigserial primary key,
  service_code text not null,
  webhook_id text not null,
  webhook_timestamp text not null,
  signature_valid boolean not null,
  body text not null,
  received_at timestamptz not null default now()
);
create index demo_receiver_deliveries_webhook_idx on demo_receiver_deliveries (webhook_id);

-- The dashboard counts today's decided items per service every two seconds.
create index contents_decided_at_idx on contents (decided_at) where status = 'decided';
