CREATE OR REPLACE FUNCTION ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  unbalanced text;
BEGIN
  -- Deferred to commit: every ledger transaction's entries sum to zero in each currency (decision 009).
  SELECT currency INTO unbalanced FROM ledger_entries
   WHERE transaction_id = NEW.transaction_id
   GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $function$;
