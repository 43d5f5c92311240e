-- Routing pools and AI services.

-- Claims take the highest service priority first, then the oldest item. Priority lives on
-- services, so the claim walks the pending items one priority level at a time (a handful of
-- levels, usually one) through contents_pending_idx; a level of one service, and an operator
-- whose pools hold few services, read this index instead of skipping other services' items.
create index contents_pending_service_idx on contents (service_id, bound_time, id) where status = 'pending';

-- Every call to an AI provider (ingest, the AI worker, "Test connection"), for the health
-- figures of /aiservices. Written in batches by ai-call-recorder.ts; rows older than a week are
-- deleted by its loop.
create table ai_calls (
  id bigserial primary key,
  provider text not null,
  started_at timestamptz not null,
  duration_ms double precision not null,
  ok boolean not null,
  error_code text
);
create index ai_calls_started_idx on ai_calls (started_at, provider);
