-- 051: the moderation history's tag filter and the CSV export's tags, kept beside the decision.

-- The tags the history's filter finds an item by: the keys of its decision whose value is 1, as
-- moderated_status @> {"tag": 1} matched them (the filter's rule since 047; 'additional', the
-- custom tag's text, is never 1 once a submit was checked). Empty for anything but an object.
create function history_filter_tags(status jsonb)
  returns text[] language sql immutable parallel safe as $$
  select case when jsonb_typeof(status) = 'object' then
    array(select t.key from jsonb_each(status) t where t.value = '1'::jsonb)
  else '{}'::text[] end
$$;

-- One row per tag of each decided item: its btree answers the tag filter's page (a range of
-- decided_at within one tag, newest first, from its keyset position) and its capped count (at
-- most 10,001 entries) without reading items that do not carry the tag. The GIN index of 047
-- made the count read every matching item of the whole table, whatever the range; it stays for
-- the tag together with another filter or a customer's services (history-repository.ts).
create table history_tags (
  tag text not null,
  decided_at timestamptz not null,
  content_id bigint not null
);
create unique index history_tags_idx on history_tags (tag, decided_at, content_id);

-- Kept by triggers on contents, so every path that decides, re-decides, takes a decision back
-- (requeue) or deletes an item keeps it right, inside the same statement. A decided item's rows
-- are found again from its old values (the key is (tag, decided_at, content_id)), so no index by
-- content_id is needed.
create function history_tags_sync() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.status = 'decided' and old.decided_at is not null then
    delete from history_tags t
     where t.tag = any (history_filter_tags(old.moderated_status))
       and t.decided_at = old.decided_at and t.content_id = old.id;
  end if;
  if tg_op <> 'DELETE' and new.status = 'decided' and new.decided_at is not null then
    insert into history_tags (tag, decided_at, content_id)
    select tag, new.decided_at, new.id from unnest(history_filter_tags(new.moderated_status)) tag
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- Three triggers, so that each condition is checked before any function is called: a lease or
-- an AI answer (every update that leaves the decision alone) costs no call.
create trigger contents_history_tags_insert after insert on contents
  for each row when (new.status = 'decided')
  execute function history_tags_sync();
create trigger contents_history_tags_update
  after update of status, decided_at, moderated_status on contents
  for each row when ((old.status = 'decided' or new.status = 'decided')
                     and (old.status, old.decided_at, old.moderated_status)
                         is distinct from (new.status, new.decided_at, new.moderated_status))
  execute function history_tags_sync();
create trigger contents_history_tags_delete after delete on contents
  for each row when (old.status = 'decided')
  execute function history_tags_sync();

insert into history_tags (tag, decided_at, content_id)
select tag, c.decided_at, c.id
  from contents c cross join lateral unnest(history_filter_tags(c.moderated_status)) tag
 where c.status = 'decided' and c.decided_at is not null;

-- The tags a decision applied, as the history shows and exports them (appliedTags in
-- history-repository.ts): the keys whose value is 1, true or '1', 'additional' aside,
-- space-separated in the order jsonb keeps its keys; null when the decision is not an object.
-- Stored when the decision is written, so the export reads one text a row instead of walking
-- the decision (a third of the export's time on PGlite). jsonb values, not their texts: the
-- string 'true' is not true, and 1.0 is 1, as in JavaScript.
create function history_applied_tags(status jsonb)
  returns text language sql immutable parallel safe as $$
  select case when jsonb_typeof(status) = 'object' then
    (select string_agg(t.key, ' ') from jsonb_each(status) t
      where t.key <> 'additional' and t.value in ('1'::jsonb, 'true'::jsonb, '"1"'::jsonb))
  end
$$;

-- The AI's tags as the history exports them: the answer's array, space-separated (a null inside
-- written 'null'); null when the answer is not an array. Stored for the same reason.
create function history_ai_tags(answer jsonb)
  returns text language sql immutable parallel safe as $$
  select case when jsonb_typeof(answer) = 'array' then
    array_to_string(array(select jsonb_array_elements_text(answer)), ' ', 'null')
  end
$$;

-- One statement, so the table is written once for both.
alter table contents
  add column applied_tags text generated always as (history_applied_tags(moderated_status)) stored,
  add column ai_tags_text text generated always as (history_ai_tags(ai_moderated_status)) stored;
