ALTER TABLE "orders" ADD COLUMN "code_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_code_last4" ON "orders" USING btree ("code_last4");