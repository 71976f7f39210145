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
