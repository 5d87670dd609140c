CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"merchant_name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"terms_and_conditions" text NOT NULL,
	"currency" text NOT NULL,
	"countries" text[] NOT NULL,
	"denominations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL,
	"brand_color" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"redemption_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "products_countries_gin" ON "products" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "products_merchant_trgm" ON "products" USING gin (lower("merchant_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_merchant_sort" ON "products" USING btree (lower("merchant_name"),"id");--> statement-breakpoint
CREATE INDEX "products_category_merchant" ON "products" USING btree ("category",lower("merchant_name"),"id");--> statement-breakpoint
CREATE INDEX "products_min_price" ON "products" USING btree ("min_price","id");--> statement-breakpoint
CREATE INDEX "products_max_price" ON "products" USING btree ("max_price","id");--> statement-breakpoint
CREATE INDEX "products_popularity" ON "products" USING btree ("popularity","id");