-- Who saved each setting last (the /settings screen shows "changed by X, <date>"). Null for a
-- value written by the system (the maintenance command, demo seed) or by a user since deleted.
alter table settings add column updated_by integer references users (id) on delete set null;
