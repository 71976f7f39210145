CREATE OR REPLACE FUNCTION search_refresh_users(ids integer[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM search_documents sd
   WHERE sd.index_name = 'users' AND sd.ref_id IN (SELECT unnest(ids))
     AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = sd.ref_id);
  PERFORM search_upsert('users', u.id, vitrine_fold(coalesce(nullif(u.name, ''), u.profile_url)),
           vitrine_fold(u.name || ' ' || u.profile_url),
           ((CASE WHEN u.creator THEN 0.05 ELSE 0 END) + (CASE WHEN u.verified THEN 0.05 ELSE 0 END))::real,
           NULL, NULL, NULL, u.creator, u.verified, NULL, NULL, NULL)
    FROM users u WHERE u.id IN (SELECT unnest(ids));
END $function$;
