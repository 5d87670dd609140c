ALTER TABLE "orders" ALTER COLUMN "checkout_session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replaces_order_id_orders_id_fk" FOREIGN KEY ("replaces_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replaces_order" UNIQUE("replaces_order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_origin" CHECK (("orders"."checkout_session_id" is null) = ("orders"."replaces_order_id" is not null));--> statement-breakpoint
-- The wallet ledger (docs/product/wallet-and-credit.md#ledger): wallets.balance is the signed sum of its
-- movements (funding +, withdrawal -, purchase 0), kept by the database itself. Each movement
-- written to wallet_transactions moves the balance in the same statement (the CHECK keeps it
-- non-negative, so an overdrawing withdrawal fails whole); the balance cannot be set by hand.
CREATE FUNCTION "wallet_transaction_delta"("kind" text, "amount" integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 'funding' THEN amount WHEN 'withdrawal' THEN -amount ELSE 0 END
$$;--> statement-breakpoint
UPDATE "wallets" SET "balance" = coalesce((
  SELECT sum("wallet_transaction_delta"(t."type", t."amount")) FROM "wallet_transactions" t WHERE t."wallet_id" = "wallets"."id"
), 0);--> statement-breakpoint
CREATE FUNCTION "wallet_transactions_move_balance"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
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
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_transactions_balance" AFTER INSERT OR UPDATE OR DELETE ON "wallet_transactions"
FOR EACH ROW EXECUTE FUNCTION "wallet_transactions_move_balance"();--> statement-breakpoint
CREATE FUNCTION "wallets_balance_from_ledger_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    IF TG_OP = 'INSERT' THEN
      IF NEW."balance" <> 0 THEN
        RAISE EXCEPTION 'a wallet starts empty; its balance moves only through wallet_transactions'
          USING ERRCODE = 'check_violation';
      END IF;
    ELSIF NEW."balance" IS DISTINCT FROM OLD."balance" THEN
      RAISE EXCEPTION 'wallets.balance moves only through wallet_transactions' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "wallets_balance_guard" BEFORE INSERT OR UPDATE ON "wallets"
FOR EACH ROW EXECUTE FUNCTION "wallets_balance_from_ledger_only"();
