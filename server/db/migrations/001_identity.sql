-- Identity and access: users, roles, permissions, sessions, sign-in history, password resets,
-- settings and the outbound mail log.

create table roles (
  id serial primary key,
  name text not null unique,
  description text not null default '',
  created_at timestamptz not null default now()
);

create table permissions (
  name text primary key,
  description text not null default ''
);

create table role_permissions (
  role_id integer not null references roles (id) on delete cascade,
  permission text not null references permissions (name) on delete cascade,
  primary key (role_id, permission)
);

create table users (
  id serial primary key,
  username text not null,
  email text,
  first_name text not null default '',
  last_name text not null default '',
  role_id integer not null references roles (id),
  password_hash text not null,
  max_content integer not null default 6 check (max_content between 1 and 100),
  is_batch_moderator boolean not null default false,
  park_time timestamptz,
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email));

-- The cookie holds a random id; only its SHA-256 is stored, so a copy of this table opens nothing.
create table sessions (
  id_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table login_history (
  id bigserial primary key,
  user_id integer references users (id) on delete set null,
  username text not null,
  attempted_at timestamptz not null default now(),
  ip text,
  user_agent text,
  success boolean not null,
  reason text
);
create index login_history_username_idx on login_history (lower(username), attempted_at);
create index login_history_ip_idx on login_history (ip, attempted_at);

create table password_resets (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Every mail the server sends or would send; without SMTP it is the only delivery (demo mode).
create table outbound_emails (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
