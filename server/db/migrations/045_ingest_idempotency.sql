-- Idempotency-Key of the ingest API: one row per key a service used in the last 24 hours, with
-- the answer its first request got. The primary key decides between concurrent requests with
-- the same key: the row is inserted in the transaction that queues the items, so a second
-- request waits for the first to commit and then answers its answer.
create table ingest_idempotency_keys (
  service_id integer not null references services (id) on delete cascade,
  key text not null,
  -- SHA-256 of the request body: the same key with another body is refused.
  request_hash text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (service_id, key)
);
-- The sweep deletes keys past their time.
create index ingest_idempotency_keys_created_idx on ingest_idempotency_keys (created_at);
