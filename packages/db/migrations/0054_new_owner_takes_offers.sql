-- Written by `npm run db:functions` from packages/db/src/sql/functions/ (edit those, not this); the trigger
-- at the end by hand: a token that changes owner takes offers again (decision 009 "Offers switched off").
CREATE OR REPLACE FUNCTION trading_offers_on_new_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  -- An owner's "not accepting offers" (000 §7 set-nifty-sm-pref) is theirs: whoever moves a token, its next
  -- owner starts out taking offers, as every token does. Runs only when the switch was off (the trigger's WHEN).
  NEW.is_accepting_offers := true;
  RETURN NEW;
END $function$;

--> statement-breakpoint
CREATE TRIGGER tokens_new_owner_takes_offers BEFORE UPDATE OF owner_id ON tokens
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id AND NOT OLD.is_accepting_offers)
  EXECUTE FUNCTION trading_offers_on_new_owner();
