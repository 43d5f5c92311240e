-- Live moderation: client services and their tokens, the content queue with its leases, every
-- submitted result (append-only), rejected ingest requests, media logs, moderated-time records
-- and which socket of a user holds moderation. Shared state lives here so that several server
-- processes on one database behave as one.

create table services (
  id serial primary key,
  code text not null unique,
  name text not null,
  callback_url text,
  -- HMAC key for signed result delivery; made at creation, never shown in lists.
  webhook_secret text not null,
  tags text[] not null default '{}',
  submit_without_tags boolean not null default false,
  enable_dynamic_tags boolean not null default false,
  -- The local AI provider's word lists: {"tag_name": ["word", "two words"]}.
  ai_word_lists jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create table subscribers (
  id serial primary key,
  service_id integer not null references services (id) on delete cascade,
  external_id text not null,
  name text not null,
  created_at timestamptz not null default now(),
  unique (service_id, external_id)
);

-- Only the SHA-256 of a token is kept; the first 4 and last character are kept for the masked
-- form of SPEC §5, so the raw token exists only in the answer that created it.
create table service_api_tokens (
  id serial primary key,
  service_id integer not null references services (id) on delete cascade,
  token_hash text not null unique,
  token_first4 text not null,
  token_last1 text not null,
  label text,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  created_by integer references users (id) on delete set null
);
create index service_api_tokens_service_idx on service_api_tokens (service_id);

create table contents (
  id bigserial primary key,
  service_id integer not null references services (id) on delete cascade,
  subscriber_id integer not null references subscribers (id) on delete cascade,
  user_id text not null,
  username text not null default '',
  notes text,
  message_type text not null check (message_type in ('text', 'image', 'video', 'other')),
  content text not null,
  file_url text,
  content_additional_details jsonb,
  bound_time timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'assigned', 'decided')),
  assigned_to integer references users (id) on delete set null,
  assigned_at timestamptz,
  lease_expires_at timestamptz,
  -- pending: an AI answer is expected (claims wait for it a bounded time); done; failed; none.
  ai_state text not null default 'none' check (ai_state in ('pending', 'done', 'failed', 'none')),
  ai_attempts integer not null default 0,
  ai_moderated_status jsonb,
  ai_response_time double precision,
  ai_other_details jsonb,
  decided_by integer references users (id) on delete set null,
  decided_at timestamptz,
  moderated_status jsonb
);
-- The claim reads the oldest pending items; this partial index holds only those.
create index contents_pending_idx on contents (bound_time, id) where status = 'pending';
create index contents_assigned_idx on contents (assigned_to, lease_expires_at) where status = 'assigned';
create index contents_decided_by_idx on contents (decided_by, decided_at) where status = 'decided';

-- Every submission as it arrived, whatever its outcome; an idempotency key is stored once.
create table moderation_results (
  id bigserial primary key,
  content_id bigint not null,
  user_id integer references users (id) on delete set null,
  idempotency_key text unique,
  outcome text not null,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
create index moderation_results_content_idx on moderation_results (content_id);

create table failed_content_requests (
  id bigserial primary key,
  service_code text not null,
  type text not null,
  request text not null,
  response text not null,
  created_at timestamptz not null default now()
);
create index failed_content_requests_created_idx on failed_content_requests (created_at);

create table media_logs (
  id bigserial primary key,
  user_id integer references users (id) on delete set null,
  content_id bigint not null,
  action text not null,
  on_enlarged boolean not null,
  media_time double precision not null,
  duration double precision,
  idempotency_key text unique,
  created_at timestamptz not null default now()
);

-- When an item finished loading on an operator's screen; decided_at minus this is the time spent.
create table content_durations (
  id bigserial primary key,
  user_id integer references users (id) on delete set null,
  content_id bigint not null,
  loaded_at timestamptz not null default now(),
  idempotency_key text unique
);
create index content_durations_content_idx on content_durations (content_id);

-- Which socket of a user holds moderation. A row whose socket is gone is kept for the lease grace
-- period (its heartbeat stops), then swept, so a brief drop does not park the user.
create table moderation_presence (
  user_id integer primary key references users (id) on delete cascade,
  socket_id text not null,
  node_id text not null,
  since timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);
create index moderation_presence_socket_idx on moderation_presence (socket_id);
