-- What every token of a nifty shows alike on its card (the nifty, its collection, publisher, stats and
-- creators), as one JSON value per nifty kept by triggers like the other read models
-- (docs/decisions/004-catalog-api.md §7, decision 006). The 20-card statement joined nifties,
-- collections, publishers, catalog_nifty_stats and catalog_collection_creators for every card and
-- built JSON for each of their fields: 0.7 ms of its 1.5 ms on PGlite. It now reads one row per card.
CREATE TABLE "catalog_nifty_cards" (
	"nifty_id" integer PRIMARY KEY NOT NULL,
	"card" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_nifty_cards" ADD CONSTRAINT "catalog_nifty_cards_nifty_id_nifties_id_fk" FOREIGN KEY ("nifty_id") REFERENCES "public"."nifties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_nifty_cards(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO catalog_nifty_cards AS nc (nifty_id, card)
  SELECT n.id, json_build_object(
           'nifty_id', n.id, 'type_number', n.type_number, 'nifty_type', n.nifty_type, 'title', n.title,
           'asset_url', n.asset_url, 'asset_type', n.asset_type, 'sale_type', n.sale_type, 'tags', n.tags,
           'edition_size', n.edition_size, 'total_sold', n.total_sold, 'total_reserved', n.total_reserved,
           'start_at', coalesce(n.start_at, c.start_at), 'end_at', coalesce(n.end_at, c.end_at),
           'collection_id', c.id, 'collection_slug', c.slug, 'collection_name', c.name, 'chain', c.chain,
           'category', c.category, 'publisher_name', pb.name, 'publisher_slug', pb.slug,
           'publisher_pic', pb.profile_pic_url, 'minted', ns.minted_count, 'floor', ns.floor_price_cents,
           'last_minted_at', ns.last_minted_at, 'creators', coalesce(ccr.creators, '[]'::json))
    FROM nifties n
    JOIN collections c ON c.id = n.collection_id
    JOIN publishers pb ON pb.id = c.publisher_id
    LEFT JOIN catalog_nifty_stats ns ON ns.nifty_id = n.id
    LEFT JOIN catalog_collection_creators ccr ON ccr.collection_id = c.id
   WHERE n.id IN (SELECT unnest(ids))
  ON CONFLICT (nifty_id) DO UPDATE SET card = excluded.card;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifties_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_nifty_stats_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(SELECT nifty_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n WHERE n.collection_id IN (SELECT collection_id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_collections_row_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n WHERE n.collection_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_on_publishers_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_nifty_cards(ARRAY(
    SELECT n.id FROM nifties n JOIN collections c ON c.id = n.collection_id
     WHERE c.publisher_id IN (SELECT id FROM (SELECT id, name, slug, profile_pic_url FROM new_rows
                                              EXCEPT SELECT id, name, slug, profile_pic_url FROM old_rows) d)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nifties_cards_ins AFTER INSERT ON nifties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifties_cards();
--> statement-breakpoint
CREATE TRIGGER nifties_cards_upd AFTER UPDATE ON nifties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifties_cards();
--> statement-breakpoint
CREATE TRIGGER nifty_stats_cards_ins AFTER INSERT ON catalog_nifty_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifty_stats_cards();
--> statement-breakpoint
CREATE TRIGGER nifty_stats_cards_upd AFTER UPDATE ON catalog_nifty_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_nifty_stats_cards();
--> statement-breakpoint
CREATE TRIGGER collections_cards_upd AFTER UPDATE ON collections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections_row_cards();
--> statement-breakpoint
CREATE TRIGGER publishers_cards_upd AFTER UPDATE ON publishers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_publishers_cards();
--> statement-breakpoint
CREATE TRIGGER collection_creators_cards_nifties_ins AFTER INSERT ON catalog_collection_creators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections_cards();
--> statement-breakpoint
CREATE TRIGGER collection_creators_cards_nifties_upd AFTER UPDATE ON catalog_collection_creators
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_on_collections_cards();
--> statement-breakpoint
SELECT catalog_refresh_nifty_cards(ARRAY(SELECT id FROM nifties));
