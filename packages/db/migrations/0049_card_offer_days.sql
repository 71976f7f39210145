-- A card offer ends within 7 days of when it was made (its authorisation lapses then; decision 009 "Offers").
-- Open card offers made for longer before that limit end at their authorisation's end: the minute sweep
-- expires those already past it and voids their cards, instead of a sale whose capture cannot succeed.
UPDATE "offers" SET "expires_at" = "created_at" + interval '7 days', "updated_at" = now()
 WHERE "status" = 'open' AND "payment_method" = 'stripe_card' AND "expires_at" > "created_at" + interval '7 days';
