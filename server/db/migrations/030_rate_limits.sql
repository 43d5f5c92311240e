-- Counters behind sign-in and password-reset throttling (server/features/auth/rate-limits.ts),
-- one row per key such as 'login-pair:<username>|<address>'. An attempt locks its rows while it
-- is counted, so parallel attempts are counted one after another, on every server process.
create table rate_limits (
  key text primary key,
  count integer not null default 0,
  window_started timestamptz not null default now(),
  last_at timestamptz
);
