CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "event_performances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "time_zone" text DEFAULT 'America/Denver' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "kind" text DEFAULT 'rodeo' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "circuit_id" integer;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "tour" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "sync" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "confirmation" text DEFAULT 'planning' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_details" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_performances" ADD CONSTRAINT "event_performances_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_performances_post_position_unique" ON "event_performances" USING btree ("post_id","position");--> statement-breakpoint
ALTER TABLE "event_details" ADD CONSTRAINT "event_details_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_details_to_date_idx" ON "event_details" USING btree ("to_date");