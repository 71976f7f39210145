-- The creators of each collection as the card shows them (id, name, profileUrl, profilePicUrl, in
-- position order), kept by triggers like the other read models (docs/decisions/004-catalog-api.md §7).
-- The 20-card statement joined collection_creators and users and aggregated them on every page: a
-- quarter of its time on PGlite (decision 006). It now reads this one row per card.
CREATE TABLE "catalog_collection_creators" (
	"collection_id" integer PRIMARY KEY NOT NULL,
	"creators" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_collection_creators" ADD CONSTRAINT "catalog_collection_creators_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_collection_creators(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collection_creators_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_refresh_collection_creators(ARRAY(
      SELECT collection_id FROM old_rows UNION SELECT collection_id FROM new_rows));
  ELSE
    PERFORM catalog_refresh_collection_creators(ARRAY(SELECT DISTINCT collection_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_users_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_collection_creators(ARRAY(
    SELECT DISTINCT cc.collection_id FROM collection_creators cc
     WHERE cc.user_id IN (
       SELECT id FROM (SELECT id, name, profile_url, profile_pic_url FROM new_rows
                       EXCEPT SELECT id, name, profile_url, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_creators_cards_ins AFTER INSERT ON collection_creators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators_cards();
--> statement-breakpoint
CREATE TRIGGER collection_creators_cards_upd AFTER UPDATE ON collection_creators
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators_cards();
--> statement-breakpoint
CREATE TRIGGER collection_creators_cards_del AFTER DELETE ON collection_creators
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collection_creators_cards();
--> statement-breakpoint
CREATE TRIGGER users_cards_upd AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_users_cards();
--> statement-breakpoint
SELECT catalog_refresh_collection_creators(ARRAY(SELECT id FROM collections));
