CREATE OR REPLACE FUNCTION catalog_on_favorite_nifties()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('catalog_version_seq');
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
