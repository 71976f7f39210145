CREATE OR REPLACE FUNCTION catalog_refresh_collection_creators(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_collection_creators AS ccr (collection_id, creators)
  SELECT c.id, coalesce((
           SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'profileUrl', u.profile_url,
                                             'profilePicUrl', u.profile_pic_url) ORDER BY cc.position, cc.user_id)
             FROM collection_creators cc JOIN users u ON u.id = cc.user_id
            WHERE cc.collection_id = c.id), '[]'::json)
    FROM collections c
   WHERE c.id IN (SELECT unnest(ids))
  ON CONFLICT (collection_id) DO UPDATE SET creators = excluded.creators;
END $function$;
