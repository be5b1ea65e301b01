CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"every_ms" integer NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"running_until" timestamp with time zone,
	"last_error" text,
	"last_run_at" timestamp with time zone
);
