ALTER TABLE "wallets" DROP CONSTRAINT "wallets_user_id_unique";--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_currency" UNIQUE("user_id","currency");