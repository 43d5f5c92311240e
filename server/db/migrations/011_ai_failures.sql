-- The asynchronous AI step: items stored with ai_state 'pending' are asked of an HTTP
-- provider by a worker. ai_next_attempt_at is both the retry time and the claim lease.
alter table contents add column ai_next_attempt_at timestamptz;
create index contents_ai_pending_idx on contents (bound_time, id) where ai_state = 'pending';

-- The last failure per item ('Failed Ai Moderate'); kept after the item gives up on AI.
create table ai_failures (
  content_id bigint primary key references contents (id) on delete cascade,
  provider text not null,
  -- timeout, http_<status>, invalid_answer, network, ...
  ai_status text not null,
  response text not null,
  attempts integer not null,
  failed_at timestamptz not null default now()
);
create index ai_failures_failed_at_idx on ai_failures (failed_at);
