-- The demo sandbox and the public trial pages (server/features/trials). Nothing here touches the
-- moderation queue: sample content lives in the server's code, and these tables keep only what
-- people decided about it, the brands an administrator set up and the contact details prospects
-- left.

-- A brand a prospect tries the console as, at /trial/<slug>: its name, colours and sample set.
create table trial_brands (
  id serial primary key,
  slug text not null unique,
  name text not null,
  primary_color text not null,
  accent_color text not null,
  sample_set text not null,
  headline text not null default '',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The demo role's private sandbox: one decision per user and sample; a reset deletes the user's
-- rows. The comparison with the reference is computed when read, from the sample catalogue.
create table demo_decisions (
  user_id integer not null references users (id) on delete cascade,
  sample_id integer not null,
  tags text[] not null,
  custom_tag text,
  decided_at timestamptz not null default now(),
  primary key (user_id, sample_id)
);

-- Decisions strangers made on a brand's trial page, counted per UTC day and sample (no row per
-- visitor, nothing that identifies one): the live counter of /trial/<slug>/public reads these.
create table trial_decision_counts (
  brand_id integer not null references trial_brands (id) on delete cascade,
  day date not null,
  sample_id integer not null,
  decisions integer not null default 0,
  matched integer not null default 0,
  partial integer not null default 0,
  last_at timestamptz not null default now(),
  primary key (brand_id, day, sample_id)
);

-- Contact details a prospect left; listed for administrators on /users. The brand's name is
-- kept with the row, so a sign-up still says where it came from after its brand is deleted.
create table trial_signups (
  id serial primary key,
  brand_id integer references trial_brands (id) on delete set null,
  brand_name text not null default '',
  name text not null,
  email text not null,
  company text not null default '',
  phone text not null default '',
  message text not null default '',
  created_at timestamptz not null default now()
);

create index trial_signups_created on trial_signups (created_at desc, id desc);
