CREATE TABLE "wallet_pass_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"voucher_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_pass_downloads_platform" CHECK ("wallet_pass_downloads"."platform" in ('apple', 'google'))
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"serial" text NOT NULL,
	"push_token" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pass_pushes_platform" CHECK ("wallet_pass_pushes"."platform" in ('apple', 'google')),
	CONSTRAINT "wallet_pass_pushes_state" CHECK ("wallet_pass_pushes"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_registrations" (
	"device_id" text NOT NULL,
	"serial" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pass_registrations_device_id_serial_pk" PRIMARY KEY("device_id","serial")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"serial" text PRIMARY KEY NOT NULL,
	"voucher_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"google_linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_passes_voucher_holder" UNIQUE("voucher_id","holder_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcode_format" text DEFAULT 'qr' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_pass_downloads" ADD CONSTRAINT "wallet_pass_downloads_serial_wallet_passes_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."wallet_passes"("serial") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_pushes" ADD CONSTRAINT "wallet_pass_pushes_serial_wallet_passes_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."wallet_passes"("serial") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_registrations" ADD CONSTRAINT "wallet_pass_registrations_serial_wallet_passes_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."wallet_passes"("serial") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_voucher_id_orders_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_pass_downloads_voucher" ON "wallet_pass_downloads" USING btree ("voucher_id","at");--> statement-breakpoint
CREATE INDEX "wallet_pass_pushes_due" ON "wallet_pass_pushes" USING btree ("next_attempt_at") WHERE "wallet_pass_pushes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "wallet_pass_registrations_serial" ON "wallet_pass_registrations" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "wallet_passes_live" ON "wallet_passes" USING btree ("serial") WHERE "wallet_passes"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_barcode_format" CHECK ("products"."barcode_format" in ('qr', 'code128'));