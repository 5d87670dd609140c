CREATE TABLE "credit_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "credit_adjustments_request_id" UNIQUE("request_id"),
	CONSTRAINT "credit_adjustments_amount" CHECK ("credit_adjustments"."amount" <> 0),
	CONSTRAINT "credit_adjustments_status" CHECK ("credit_adjustments"."status" in ('pending', 'done', 'rejected')),
	CONSTRAINT "credit_adjustments_done" CHECK (("credit_adjustments"."status" = 'done') = ("credit_adjustments"."done_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"checkout_session_id" uuid NOT NULL,
	"voucher_ids" uuid[] NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"destination" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_request_id" UNIQUE("request_id"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'done', 'rejected')),
	CONSTRAINT "refunds_destination" CHECK ("refunds"."destination" in ('card', 'credit')),
	CONSTRAINT "refunds_done" CHECK (("refunds"."status" = 'done') = ("refunds"."done_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_amount";--> statement-breakpoint
ALTER TABLE "credit_adjustments" ADD CONSTRAINT "credit_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_adjustments" ADD CONSTRAINT "credit_adjustments_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_adjustments" ADD CONSTRAINT "credit_adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_adjustments_user" ON "credit_adjustments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_adjustments_pending" ON "credit_adjustments" USING btree ("created_at") WHERE "credit_adjustments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_checkout_session" ON "refunds" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "refunds_pending" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type" CHECK ("wallet_transactions"."type" in ('funding', 'withdrawal', 'purchase', 'refund', 'adjustment'));--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_amount" CHECK ("wallet_transactions"."amount" > 0 or ("wallet_transactions"."type" = 'adjustment' and "wallet_transactions"."amount" <> 0));--> statement-breakpoint
-- Operators' movements of UGM Credit (decision 049): a refund to credit adds its amount, an
-- adjustment moves the balance by its own signed amount; migration 0003's trigger applies it.
CREATE OR REPLACE FUNCTION "wallet_transaction_delta"("kind" text, "amount" integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'funding' THEN amount
    WHEN 'refund' THEN amount
    WHEN 'adjustment' THEN amount
    WHEN 'withdrawal' THEN -amount
    ELSE 0
  END
$$;
