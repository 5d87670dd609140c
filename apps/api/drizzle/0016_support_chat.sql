CREATE TABLE "chat_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopper_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assigned_to" uuid,
	"satisfaction" text,
	"satisfaction_at" timestamp with time zone,
	"shopper_last_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_last_read_id" bigint DEFAULT 0 NOT NULL,
	"emailed_through_id" bigint DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversations_state" CHECK ("chat_conversations"."state" in ('open', 'waiting', 'resolved')),
	CONSTRAINT "chat_conversations_satisfaction" CHECK ("chat_conversations"."satisfaction" is null or "chat_conversations"."satisfaction" in ('yes', 'no'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_author_kind" CHECK ("chat_messages"."author_kind" in ('shopper', 'operator', 'note'))
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"party_kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_canned_replies_name" ON "chat_canned_replies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_one_unresolved" ON "chat_conversations" USING btree ("shopper_id") WHERE "chat_conversations"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "chat_conversations_shopper_created" ON "chat_conversations" USING btree ("shopper_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_state_activity" ON "chat_conversations" USING btree ("state","last_activity_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_assigned_state" ON "chat_conversations" USING btree ("assigned_to","state");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("conversation_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_id" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_author_created" ON "chat_messages" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_presence_party_instance" ON "chat_presence" USING btree ("party_kind","party_id","instance_id");--> statement-breakpoint
CREATE INDEX "chat_presence_kind_seen" ON "chat_presence" USING btree ("party_kind","seen_at");