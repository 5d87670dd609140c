CREATE TABLE "supplier_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_code_requests" (
	"voucher_id" uuid PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"brand" text NOT NULL,
	"face_value" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_error_code" text,
	"last_error" text,
	"requested_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "voucher_code_requests_state" CHECK ("voucher_code_requests"."state" in ('pending', 'issued', 'no-float', 'failed', 'cancelled')),
	CONSTRAINT "voucher_code_requests_face_value" CHECK ("voucher_code_requests"."face_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "code_ciphertext" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "supplier_brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_url_ciphertext" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voucher_code_requests" ADD CONSTRAINT "voucher_code_requests_voucher_id_orders_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_code_requests_due" ON "voucher_code_requests" USING btree ("next_attempt_at") WHERE "voucher_code_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "voucher_code_requests_state" ON "voucher_code_requests" USING btree ("state","requested_at");--> statement-breakpoint
-- Products seeded before codes came from a supplier get their brand there, guessed from the merchant's name as the seed does ('Marks & Spencer' → 'marks-and-spencer'); `npm run catalog:sync` checks it against the supplier's list.
UPDATE "products" SET "supplier_brand" = trim(both '-' from regexp_replace(replace(lower("merchant_name"), '&', ' and '), '[^a-z0-9]+', '-', 'g')) WHERE "supplier_brand" IS NULL;
