CREATE OR REPLACE FUNCTION catalog_on_favorite_nifties()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
  -- The tokens are locked in id order first: an UPDATE ... FROM takes its rows in plan order, and two
  -- statements over overlapping tokens could otherwise each hold a row the other waits for (seen as a
  -- deadlock when many people took back many likes at once).
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM tokens t WHERE t.id IN (SELECT token_row_id FROM new_rows) ORDER BY t.id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM tokens t WHERE t.id IN (SELECT token_row_id FROM old_rows) ORDER BY t.id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE tokens t SET likes_count = t.likes_count + d.n
      FROM (SELECT token_row_id, count(*)::int AS n FROM new_rows WHERE token_row_id IS NOT NULL GROUP BY 1) d
     WHERE t.id = d.token_row_id;
  ELSE
    UPDATE tokens t SET likes_count = greatest(0, t.likes_count - d.n)
      FROM (SELECT token_row_id, count(*)::int AS n FROM old_rows WHERE token_row_id IS NOT NULL GROUP BY 1) d
     WHERE t.id = d.token_row_id;
  END IF;
  RETURN NULL;
END $function$;
