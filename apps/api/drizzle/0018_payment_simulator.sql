CREATE TABLE "payment_simulator_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"pending_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"settles_at" timestamp with time zone,
	"settles_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_sessions_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payment_simulator_sessions_state" CHECK ("payment_simulator_sessions"."state" in ('open', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_webhooks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_webhooks_status" CHECK ("payment_simulator_webhooks"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_simulator_webhooks" ADD CONSTRAINT "payment_simulator_webhooks_session_id_payment_simulator_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."payment_simulator_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_simulator_sessions_settling" ON "payment_simulator_sessions" USING btree ("settles_at") WHERE "payment_simulator_sessions"."settles_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_simulator_webhooks_due" ON "payment_simulator_webhooks" USING btree ("next_attempt_at") WHERE "payment_simulator_webhooks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_simulator_webhooks_session" ON "payment_simulator_webhooks" USING btree ("session_id");