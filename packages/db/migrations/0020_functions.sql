-- Written by `npm run db:functions` from packages/db/src/sql/functions/ (edit those, not this).
CREATE OR REPLACE FUNCTION ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trading_on_token_owner()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A listing stops being buyable in the transaction that moves its token (decision 009): whoever
  -- moves a token, the listings of its previous owner close here.
  UPDATE listings SET status = 'cancelled', closed_at = now(), updated_at = now()
   WHERE token_row_id = NEW.id AND status = 'active' AND seller_id IS DISTINCT FROM NEW.owner_id;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER tokens_owner_closes_listings AFTER UPDATE OF owner_id ON tokens
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION trading_on_token_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
