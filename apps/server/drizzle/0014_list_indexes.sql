DROP INDEX "event_details_from_date_idx";--> statement-breakpoint
CREATE INDEX "event_details_span_idx" ON "event_details" USING gist (tstzrange("from_date", "to_date", '[]'));--> statement-breakpoint
CREATE INDEX "posts_user_events_idx" ON "posts" USING btree ("user_id") WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower(immutable_unaccent("first_name" || ' ' || "last_name")) collate "C"),"id") WHERE "users"."deleted_at" is null and "users"."is_onboard" and "users"."phone_number_verified";--> statement-breakpoint
CREATE INDEX "event_details_from_date_idx" ON "event_details" USING btree ("from_date","post_id");--> statement-breakpoint
-- The timeline's walks (docs/decisions/031-lists-at-scale.md) decide each row from the index alone, an index-only
-- scan: who wrote it, and whether it is removed, held or a share. Drizzle's schema cannot say INCLUDE; the
-- indexes are the schema's (db/schema.ts), with these columns added here.
DROP INDEX "posts_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_sort_idx" ON "posts" USING btree ("sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id", "removed_at", "held_at", "shared_post_id") WHERE "posts"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "posts_user_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_user_sort_idx" ON "posts" USING btree ("user_id","sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("removed_at", "held_at", "shared_post_id") WHERE "posts"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "posts_event_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_event_sort_idx" ON "posts" USING btree ("sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id", "removed_at", "held_at", "shared_post_id") WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;
