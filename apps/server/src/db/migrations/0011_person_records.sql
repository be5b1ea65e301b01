CREATE TABLE "person_changes" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "person_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_changes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "cpf" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "rg" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "birth_date" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "person_changes" ADD CONSTRAINT "person_changes_company_id_person_id_persons_company_id_id_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_changes_person_idx" ON "person_changes" USING btree ("company_id","person_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_cpf_uq" ON "persons" USING btree ("company_id","cpf") WHERE "persons"."cpf" IS NOT NULL AND "persons"."merged_into_id" IS NULL;--> statement-breakpoint
CREATE INDEX "persons_list_idx" ON "persons" USING btree ("company_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
-- Case- and accent-insensitive search without the unaccent extension (available on every PostgreSQL build).
CREATE OR REPLACE FUNCTION unaccent_lower(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(translate(value,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))
$$;
--> statement-breakpoint
-- CPF kept until now in the free information object moves to its column (digits only).
-- One record per CPF keeps it (the oldest), so the unique index above holds.
UPDATE "persons" p SET "cpf" = d.cpf
FROM (
  SELECT DISTINCT ON (company_id, digits) company_id, id, digits AS cpf
  FROM (
    SELECT company_id, id, NULLIF(regexp_replace("information"->>'cpf', '\D', '', 'g'), '') AS digits
    FROM "persons" WHERE "information" ? 'cpf'
  ) x
  WHERE digits IS NOT NULL
  ORDER BY company_id, digits, id
) d
WHERE p.company_id = d.company_id AND p.id = d.id;
