-- Who held the last lease on an item. Kept when the lease ends, so that a late result for an item
-- back in the queue is accepted from its last holder only (content-repository.ts storeSubmissions).
alter table contents add column last_assigned_to integer references users (id) on delete set null;
update contents set last_assigned_to = assigned_to where assigned_to is not null;
