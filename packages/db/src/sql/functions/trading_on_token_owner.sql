CREATE OR REPLACE FUNCTION trading_on_token_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  -- A listing stops being buyable in the transaction that moves its token (decision 009): whoever
  -- moves a token, the listings of its previous owner close here.
  UPDATE listings SET status = 'cancelled', closed_at = now(), updated_at = now()
   WHERE token_row_id = NEW.id AND status = 'active' AND seller_id IS DISTINCT FROM NEW.owner_id;
  RETURN NULL;
END $function$;
