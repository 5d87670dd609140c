ALTER TABLE "mail_outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "payment_simulator_webhooks" ADD COLUMN "request_id" text;