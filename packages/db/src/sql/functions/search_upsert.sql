CREATE OR REPLACE FUNCTION search_upsert(p_index text, p_ref integer, p_name text, p_body text, p_boost real, p_publisher integer, p_collection integer, p_category text, p_creator boolean, p_verified boolean, p_curated boolean, p_start timestamp with time zone, p_end timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO search_documents AS sd (index_name, ref_id, name, body, boost, publisher_id, collection_id,
      category, creator, verified, curated, start_at, end_at)
  VALUES (p_index, p_ref, p_name, p_body, p_boost, p_publisher, p_collection, p_category, p_creator,
      p_verified, p_curated, p_start, p_end)
  ON CONFLICT (index_name, ref_id) DO UPDATE SET
      name = excluded.name, body = excluded.body, boost = excluded.boost,
      publisher_id = excluded.publisher_id, collection_id = excluded.collection_id,
      category = excluded.category, creator = excluded.creator, verified = excluded.verified,
      curated = excluded.curated, start_at = excluded.start_at, end_at = excluded.end_at
    WHERE (sd.name, sd.body, sd.boost, sd.publisher_id, sd.collection_id, sd.category, sd.creator,
           sd.verified, sd.curated, sd.start_at, sd.end_at)
      IS DISTINCT FROM
          (excluded.name, excluded.body, excluded.boost, excluded.publisher_id, excluded.collection_id,
           excluded.category, excluded.creator, excluded.verified, excluded.curated, excluded.start_at,
           excluded.end_at)
$function$;
