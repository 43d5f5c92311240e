-- Operator wellbeing (README "Operator wellbeing"; src/contract/wellbeing.ts).
-- Each operator's own choices: how media shows until revealed, and whether it plays with sound.
-- No row: the defaults (no treatment, sound off).
create table user_wellbeing_prefs (
  user_id integer primary key references users (id) on delete cascade,
  media text not null default 'none' check (media in ('none', 'blur', 'grayscale', 'both')),
  sound boolean not null default false,
  updated_at timestamptz not null default now()
);

-- What an administrator forces on every operator for a service's media ('Protect operators').
alter table services
  add column protect_operators text not null default 'none'
    check (protect_operators in ('none', 'blur', 'grayscale', 'both'));

-- The sensitive items (a treatment forced on them) each operator was shown: one row per
-- operator and item, so a reload showing the same item again does not count it twice. The cap
-- on sensitive items per hour counts these rows; rows older than a day are of no use and are
-- deleted as new ones come.
create table wellbeing_exposures (
  user_id integer not null references users (id) on delete cascade,
  content_id bigint not null,
  shown_at timestamptz not null default now(),
  primary key (user_id, content_id)
);
create index wellbeing_exposures_recent on wellbeing_exposures (user_id, shown_at);

-- Parks for a wellbeing break (the take-break event): counted apart from other park time in the
-- reports. ended_at is set when the operator moderates again; null while the break lasts.
create table wellness_breaks (
  id bigint generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  reason text not null check (reason in ('reminder', 'cap', 'self')),
  started_at timestamptz not null default now(),
  ended_at timestamptz
);
create index wellness_breaks_user on wellness_breaks (user_id, started_at);
create index wellness_breaks_started on wellness_breaks (started_at);
