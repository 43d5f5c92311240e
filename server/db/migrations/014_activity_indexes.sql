-- Indexes of the activity screens' lists (/user-login-history, /user-logs). Each list sorts by
-- (time, id) and filters on one column at a time; an index whose leading column is the filter
-- and whose next columns are the sort answers the first page by reading just that page.

-- Login history: newest first, and by result. The username filter uses
-- login_history_user_at_idx; 001's (lower(username), attempted_at) index stays for the sign-in
-- throttle.
create index login_history_at_idx on login_history (attempted_at desc, id desc);
create index login_history_user_at_idx on login_history (lower(username), attempted_at desc, id desc);
create index login_history_result_idx on login_history (success, attempted_at desc, id desc);

-- Audit log: the actor filter matches the username recorded on the row (it still names users
-- that were renamed or removed since); 012 indexes the actor's id.
create index audit_log_actor_username_idx on audit_log (lower(actor_username), at desc, id desc);
