-- Moderation history search (/modhistory, /customer-moderation): decided items newest first,
-- by one filter at a time, in keyset pages (decided_at, id). Each index holds decided rows only
-- and has the filter as its leading column and (decided_at, id) after it, so a page starts
-- reading at its position and stops after the rows it shows, and the capped count reads at most
-- 10,001 entries. Measured on a million decisions (see server/features/history/README.md).

-- No filter: the date range alone.
create index contents_history_idx on contents (decided_at, id) where status = 'decided';
-- It answers what the 014 index (decided_at) answered too (the dashboard's counts of today).
drop index contents_decided_at_idx;
create index contents_history_service_idx on contents (service_id, decided_at, id)
  where status = 'decided';
create index contents_history_subscriber_idx on contents (subscriber_id, decided_at, id)
  where status = 'decided';
-- The operator filter; it also answers what the 002 index (decided_by, decided_at) answered.
create index contents_history_operator_idx on contents (decided_by, decided_at, id)
  where status = 'decided';
drop index contents_decided_by_idx;
create index contents_history_source_idx on contents (decision_source, decided_at, id)
  where status = 'decided';
-- The subscriber's user, by id or by username (one filter matches either).
create index contents_history_user_id_idx on contents (user_id, decided_at, id)
  where status = 'decided';
create index contents_history_username_idx on contents (username, decided_at, id)
  where status = 'decided';
-- The tag filter: moderated_status @> {"tag": 1}.
create index contents_history_tags_idx on contents using gin (moderated_status jsonb_path_ops)
  where status = 'decided';

-- The media log of one item, in the item's detail.
create index media_logs_content_idx on media_logs (content_id, created_at);
