-- The search text is kept in lower case and matched with LIKE on a lower-cased term: walking the list's
-- start-time index, a plain LIKE per row costs half of an ILIKE (which folds both sides every time).
update "events"."events" set "search_text" = lower("search_text");
