-- One service's decisions by time are read through contents_history_service_idx
-- (service_id, decided_at, id), whose predicate is the same: the shorter index of 049 repeated
-- its prefix, and every decision paid for writing both.
drop index contents_service_decided_idx;
