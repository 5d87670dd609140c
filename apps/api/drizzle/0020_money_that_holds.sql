ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status";--> statement-breakpoint
ALTER TABLE "credit_adjustments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "card_refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What was refunded before these columns existed: every refund then was done or not at all.
UPDATE "checkout_sessions" SET
  "refunded_amount" = r."total",
  "card_refunded_amount" = r."card"
FROM (
  SELECT "checkout_session_id",
    sum("amount") AS "total",
    coalesce(sum("amount") FILTER (WHERE "destination" = 'card'), 0) AS "card"
  FROM "refunds" WHERE "status" = 'done' GROUP BY "checkout_session_id"
) r
WHERE r."checkout_session_id" = "checkout_sessions"."id";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
UPDATE "refunds" SET "customer_id" = c."user_id" FROM "checkout_sessions" c WHERE c."id" = "refunds"."checkout_session_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settle_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_adjustments_requester" ON "credit_adjustments" USING btree ("requested_by","user_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_processing" ON "refunds" USING btree ("settle_after") WHERE "refunds"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "refunds_customer_created" ON "refunds" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_refunded" CHECK ("checkout_sessions"."card_refunded_amount" >= 0 and "checkout_sessions"."card_refunded_amount" <= "checkout_sessions"."refunded_amount" and "checkout_sessions"."refunded_amount" <= "checkout_sessions"."amount");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_card_refunded" CHECK ("checkout_sessions"."card_refunded_amount" <= "checkout_sessions"."amount" - "checkout_sessions"."credit_amount");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_processing" CHECK (("refunds"."status" = 'processing') = ("refunds"."settle_after" is not null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'processing', 'done', 'rejected', 'failed'));--> statement-breakpoint
-- The ledger's movements are 64-bit now: the delta and the trigger that moves the balance with it.
CREATE FUNCTION "wallet_transaction_delta"("kind" text, "amount" bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'funding' THEN amount
    WHEN 'refund' THEN amount
    WHEN 'adjustment' THEN amount
    WHEN 'withdrawal' THEN -amount
    ELSE 0
  END
$$;--> statement-breakpoint
DROP FUNCTION "wallet_transaction_delta"(text, integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wallet_transactions_move_balance"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    delta := "wallet_transaction_delta"(OLD."type", OLD."amount");
    IF delta <> 0 THEN
      UPDATE "wallets" SET "balance" = "balance" - delta, "updated_at" = now() WHERE "id" = OLD."wallet_id";
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    delta := "wallet_transaction_delta"(NEW."type", NEW."amount");
    IF delta <> 0 THEN
      UPDATE "wallets" SET "balance" = "balance" + delta, "updated_at" = now() WHERE "id" = NEW."wallet_id";
    END IF;
  END IF;
  RETURN NULL;
END
$$;