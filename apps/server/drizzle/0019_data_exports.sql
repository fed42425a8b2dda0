CREATE TABLE "data_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_name" text,
	"size_bytes" bigint,
	"finished_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'running', 'ready', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_live_unique" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_queue_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_files_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."file_name" is not null;
