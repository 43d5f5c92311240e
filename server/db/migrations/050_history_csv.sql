-- 050: the moderation history's CSV export is written by the database, one finished line per
-- row (historyCsvBatch in server/features/history/history-repository.ts): reading 13 cells a row into JavaScript and
-- formatting them there cost more than the 50,000 rows a second the export must stream.

-- One CSV cell as server/http/csv.ts writes it: a text that a spreadsheet would run as a
-- formula (=, +, -, @, tab or carriage return first) gets a leading apostrophe; a cell with a
-- quote, comma or line break is quoted, its quotes doubled; null is empty. One expression, so
-- the planner inlines it into the query (no function call per cell).
create function csv_cell(value text)
  returns text language sql immutable parallel safe as $$
  select case
    when value ~ '[",\r\n]' then
      '"' || case when value ~ '^[=+\-@\t\r]' then '''' else '' end
          || replace(value, '"', '""') || '"'
    when value ~ '^[=+\-@\t\r]' then '''' || value
    else coalesce(value, '')
  end
$$;
