CREATE TABLE "gift_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_events_kind" CHECK ("gift_events"."kind" in ('scheduled', 'sent', 'rescheduled', 'recipient_changed', 'resent', 'reminded'))
);
--> statement-breakpoint
ALTER TABLE "gift_transfers" ADD COLUMN "claim_token_ciphertext" text;--> statement-breakpoint
ALTER TABLE "gift_transfers" ADD COLUMN "send_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_transfers" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_transfers" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_events" ADD CONSTRAINT "gift_events_transfer_id_gift_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."gift_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_events_transfer" ON "gift_events" USING btree ("transfer_id","at");--> statement-breakpoint
CREATE INDEX "gift_transfers_due" ON "gift_transfers" USING btree ("send_at") WHERE "gift_transfers"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "gift_transfers_remind" ON "gift_transfers" USING btree ("emailed_at") WHERE "gift_transfers"."latest_action" = 'pending' and "gift_transfers"."reminded_at" is null;--> statement-breakpoint
-- Gifts sent before scheduled delivery were e-mailed at purchase.
UPDATE "gift_transfers" SET "send_at" = "sent_at", "emailed_at" = "sent_at";
