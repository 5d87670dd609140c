CREATE TABLE "catalog_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" uuid DEFAULT gen_random_uuid() NOT NULL,
	"generation" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_generation_single_row" CHECK ("catalog_generation"."id")
);
--> statement-breakpoint
INSERT INTO "catalog_generation" DEFAULT VALUES;--> statement-breakpoint
CREATE FUNCTION "catalog_generation_raise"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_generation" SET "generation" = "generation" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_raise_catalog_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "catalog_generation_raise"();
