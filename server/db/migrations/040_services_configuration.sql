-- Services and configuration: what administrators set on /services, /subscriber and /pools, and
-- the per-service delivery switches of /aggregator. Every column has a default that keeps an
-- existing service working exactly as before.

-- An inactive service's new items are refused at ingest; items it already sent stay in the queue.
alter table services add column active boolean not null default true;
-- Claims serve the highest priority first, then the oldest item.
alter table services add column priority integer not null default 0
  check (priority between -1000 and 1000);
-- Display labels of the tag options, by tag name ({"hate_speech": "Hate speech"}); the order of
-- `tags` is the hotkey order (1 for the first tag, 2 for the second, ...).
alter table services add column tag_labels jsonb not null default '{}';
-- Which AI provider answers for this service: 'default' (the one configured in settings),
-- 'local' (the built-in word lists), 'none' (no AI step).
alter table services add column ai_provider text not null default 'default'
  check (ai_provider in ('default', 'local', 'none'));
-- Secret rotation: the secret that was replaced keeps signing beside the new one until this
-- time, so a receiver can switch over without losing a delivery (Standard Webhooks allows
-- several signatures in one header).
alter table services add column webhook_secret_previous text;
alter table services add column webhook_secret_previous_expires_at timestamptz;
-- Set by an administrator on /aggregator: deliveries wait (are not attempted) until resumed.
alter table services add column delivery_paused_at timestamptz;
alter table services add column delivery_paused_by integer references users (id) on delete set null;
-- Set when the callback answered 410 Gone: the receiver asked us to stop. Deliveries wait until
-- an administrator sets a callback URL again or enables it.
alter table services add column delivery_disabled_at timestamptz;
alter table services add column delivery_disabled_reason text;
alter table services add column updated_at timestamptz not null default now();

-- Subscribers: the display name is `name`; notes for the administrators; a blocked subscriber's
-- new items are refused at ingest (403) and recorded as failed content requests.
alter table subscribers add column notes text not null default '';
alter table subscribers add column blocked boolean not null default false;
alter table subscribers add column blocked_at timestamptz;
alter table subscribers add column updated_at timestamptz not null default now();
create index subscribers_service_idx on subscribers (service_id, id);

-- Routing pools: an operator in one or more pools is assigned only items of those pools'
-- services; an operator in no pool gets every service.
create table pools (
  id serial primary key,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index pools_name_lower_key on pools (lower(name));

create table pool_services (
  pool_id integer not null references pools (id) on delete cascade,
  service_id integer not null references services (id) on delete cascade,
  primary key (pool_id, service_id)
);
create index pool_services_service_idx on pool_services (service_id);

create table pool_members (
  pool_id integer not null references pools (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  primary key (pool_id, user_id)
);
create index pool_members_user_idx on pool_members (user_id);
