CREATE TABLE "sign_in_ips" (
	"user_id" uuid NOT NULL,
	"ip_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_ips_user_id_ip_hash_pk" PRIMARY KEY("user_id","ip_hash")
);
--> statement-breakpoint
CREATE TABLE "signup_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "from_known_ip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_ips" ADD CONSTRAINT "sign_in_ips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_emails_email_created" ON "signup_emails" USING btree ("email","created_at");