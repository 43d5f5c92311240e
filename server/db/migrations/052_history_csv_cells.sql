-- 052: csv_cell (migration 050) without regular expressions. The history's CSV export calls it
-- for ten cells of every row; each `~` converted the whole text to wide characters before
-- matching. The same rule, by plain text functions: quoted when the text holds a quote, comma,
-- carriage return or line feed; a leading apostrophe when it starts with =, +, -, @, a tab or a
-- carriage return (ascii() is the first character's code). tests/server/features/history/
-- history-csv.test.ts holds it to server/http/csv.ts's output.
create or replace function csv_cell(value text)
  returns text language sql immutable parallel safe as $$
  select case
    when strpos(value, '"') > 0 or strpos(value, ',') > 0 or strpos(value, chr(13)) > 0
         or strpos(value, chr(10)) > 0 then
      '"' || case when ascii(value) in (61, 43, 45, 64, 9, 13) then '''' else '' end
          || replace(value, '"', '""') || '"'
    when ascii(value) in (61, 43, 45, 64, 9, 13) then '''' || value
    else coalesce(value, '')
  end
$$;
