-- Two-factor sign-in: a TOTP secret per user, single-use recovery codes, the short-lived
-- challenges between the password and the code, and the per-role requirement.

-- null: the default (on for roles that can change users, roles or settings, unless the
-- database is a demo; see server/features/two-factor/two-factor-policy.ts). true or false: an
-- administrator's choice, which then stays whatever permissions the role gains or loses.
alter table roles add column requires_two_factor boolean;

-- The secret must be readable to check codes, so it is stored as is: this table is as
-- sensitive as the password hashes. A row without confirmed_at is a setup in progress and does
-- not count. last_step is the newest 30-second step a code was accepted for: a code (or an
-- older one) is never accepted again, so a code seen over someone's shoulder is spent.
create table user_two_factor (
  user_id integer primary key references users (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  last_step bigint
);

-- Only SHA-256 of each code is stored (they are random, like session ids); used_at spends one.
create table two_factor_recovery_codes (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index two_factor_recovery_codes_user_idx on two_factor_recovery_codes (user_id);

-- Between a correct password and the second factor: the browser holds the random id, only its
-- hash is here, with the "remember me" of the password step for the cookie the second step
-- sets. Deleted when used; expired ones are swept every few minutes.
create table two_factor_challenges (
  id_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index two_factor_challenges_user_idx on two_factor_challenges (user_id);
