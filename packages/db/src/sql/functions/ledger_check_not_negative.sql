CREATE OR REPLACE FUNCTION ledger_check_not_negative()
 RETURNS trigger
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  total bigint;
BEGIN
  -- Deferred to commit, after a debit of a user's account: the account's entries never sum below zero
  -- (decision 022). The debit's own check (the account locked, then its sum read) decides; this is the
  -- store's safety net for a writer that forgot it. House accounts are not summed here (the platform's
  -- revenue holds an entry for every sale): only a refund debits them, of what the sale credited them.
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts a
                  WHERE a.id = NEW.account_id AND a.kind = 'user' AND NOT a.may_go_negative) THEN
    RETURN NULL;
  END IF;
  -- The account's row first, as a debit's `lock` takes it: a writer that skipped the lock waits here for
  -- another debit of the account to commit, and the sum below (a statement of its own) then counts it.
  PERFORM 1 FROM ledger_accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  SELECT sum(e.amount_cents) INTO total FROM ledger_entries e WHERE e.account_id = NEW.account_id;
  IF total < 0 THEN
    RAISE EXCEPTION 'ledger account % would go below zero (%)', NEW.account_id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $function$;
