-- Delivery administration (/aggregator): one row per attempt of a delivery, written by the worker
-- in the statement that records the attempt on the delivery, so the history never disagrees with
-- the outbox. Per-service figures (success rate, latency percentiles, last error) read it by
-- service and time.
create table delivery_attempts (
  id bigserial primary key,
  delivery_id bigint not null references deliveries (id) on delete cascade,
  service_id integer not null references services (id) on delete cascade,
  -- 1 for the first attempt of the delivery; redelivery continues the count.
  attempt integer not null,
  attempted_at timestamptz not null default now(),
  -- The HTTP status when an answer came, else the error code (TIMEOUT, REFUSED, ECONNREFUSED...).
  status_code integer,
  error_code text,
  latency_ms integer not null default 0,
  -- The start of the answer (or the error message), cut.
  response_excerpt text not null default ''
);
create index delivery_attempts_delivery_idx on delivery_attempts (delivery_id, attempt);
create index delivery_attempts_service_time_idx on delivery_attempts (service_id, attempted_at);

-- A redelivery starts a new round of attempts: the limit counts attempts since this value.
alter table deliveries add column round_start_attempts integer not null default 0;
-- The callback URL that answered 410: a service whose URL changed since is delivered again
-- without an administrator enabling it (the receiver asked only that URL to stop).
alter table services add column delivery_disabled_url text;

-- Per-service counts of /aggregator: open rows by state, delivered today.
create index deliveries_service_open_idx on deliveries (service_id, status)
  where status <> 'delivered';
create index deliveries_service_delivered_idx on deliveries (service_id, delivered_at)
  where status = 'delivered';
