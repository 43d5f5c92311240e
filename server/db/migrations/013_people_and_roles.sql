-- People and access: accounts made by administrators and role defaults that respect an
-- administrator's edits.

-- Set when an administrator gives the user a one-time password; cleared when the user chooses
-- their own (change or reset). While set, the server answers only the change-password call.
alter table users add column must_change_password boolean not null default false;

-- The users list sorts and filters by these.
create index users_created_idx on users (created_at, id);
create index users_role_idx on users (role_id);

-- Last successful sign-in per user, for the users list.
create index login_history_user_success_idx on login_history (user_id, attempted_at)
  where success;

-- Role names are unique regardless of case, as usernames are.
create unique index roles_name_lower_key on roles (lower(name));

-- Which of a built-in role's default permissions have been granted to it once. The role sync
-- at start grants a default only if it is not here yet, so a permission an administrator took
-- away stays away, and a permission added by a later version still reaches the roles that
-- should have it.
create table role_default_grants (
  role_id integer not null references roles (id) on delete cascade,
  permission text not null references permissions (name) on delete cascade,
  primary key (role_id, permission)
);

-- Existing built-in roles have already had every permission known so far offered to them.
insert into role_default_grants (role_id, permission)
select r.id, p.name
  from roles r cross join permissions p
 where r.name in ('admin', 'developer', 'operator', 'customer', 'demo')
