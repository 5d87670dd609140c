CREATE TABLE "partnership_application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_message_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partnership_application_notes" ADD CONSTRAINT "partnership_application_notes_application_id_partnership_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."partnership_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnership_application_notes" ADD CONSTRAINT "partnership_application_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message_replies" ADD CONSTRAINT "support_message_replies_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_message_replies" ADD CONSTRAINT "support_message_replies_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partnership_application_notes_application" ON "partnership_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "support_message_replies_message" ON "support_message_replies" USING btree ("message_id","created_at");--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD CONSTRAINT "partnership_applications_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partnership_applications_status_created" ON "partnership_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_status_created" ON "support_messages" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "partnership_applications" ADD CONSTRAINT "partnership_applications_status" CHECK ("partnership_applications"."status" in ('new', 'in-review', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_status" CHECK ("support_messages"."status" in ('open', 'closed'));