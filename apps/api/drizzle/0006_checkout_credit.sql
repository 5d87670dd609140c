ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_checkout_session_id_unique";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "credit_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_session_type" UNIQUE("checkout_session_id","type");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_credit" CHECK ("checkout_sessions"."credit_amount" >= 0 and "checkout_sessions"."credit_amount" <= "checkout_sessions"."amount");