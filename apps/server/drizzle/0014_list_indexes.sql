DROP INDEX "event_associations_association_idx";--> statement-breakpoint
DROP INDEX "event_details_from_date_idx";--> statement-breakpoint
DROP INDEX "event_event_types_type_idx";--> statement-breakpoint
ALTER TABLE "event_associations" ADD COLUMN "sort_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_event_types" ADD COLUMN "sort_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_details_span_idx" ON "event_details" USING gist (tstzrange("from_date", greatest("from_date", "to_date"), '[]'));--> statement-breakpoint
CREATE INDEX "posts_user_events_idx" ON "posts" USING btree ("user_id") WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower(immutable_unaccent("first_name" || ' ' || "last_name")) collate "C"),"id") WHERE "users"."deleted_at" is null and "users"."is_onboard" and "users"."phone_number_verified";--> statement-breakpoint
CREATE INDEX "event_associations_association_idx" ON "event_associations" USING btree ("association_id","sort_date" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_details_from_date_idx" ON "event_details" USING btree ("from_date","post_id");--> statement-breakpoint
CREATE INDEX "event_event_types_type_idx" ON "event_event_types" USING btree ("event_type_id","sort_date" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
-- An event's interests carry its sort_date (the timeline walks each interest's newest events on the indexes
-- above): copied from posts by a trigger, whoever inserts them (the app, the seeds, the bench), and filled in for
-- what is there. An event's sort_date never changes after it is made.
CREATE FUNCTION event_interest_sort_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_date := (SELECT p.sort_date FROM posts p WHERE p.id = NEW.post_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER event_event_types_sort_date BEFORE INSERT OR UPDATE OF post_id ON "event_event_types"
  FOR EACH ROW EXECUTE FUNCTION event_interest_sort_date();--> statement-breakpoint
CREATE TRIGGER event_associations_sort_date BEFORE INSERT OR UPDATE OF post_id ON "event_associations"
  FOR EACH ROW EXECUTE FUNCTION event_interest_sort_date();--> statement-breakpoint
UPDATE "event_event_types" t SET "sort_date" = p.sort_date FROM "posts" p WHERE p.id = t.post_id;--> statement-breakpoint
UPDATE "event_associations" t SET "sort_date" = p.sort_date FROM "posts" p WHERE p.id = t.post_id;--> statement-breakpoint
-- The timeline's walks (docs/decisions/031-lists-at-scale.md) decide each row from the index alone, an index-only
-- scan: who wrote it, and whether it is removed, held or a share. Drizzle's schema cannot say INCLUDE; the
-- indexes are the schema's (db/schema.ts), with these columns added here.
DROP INDEX "posts_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_sort_idx" ON "posts" USING btree ("sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id", "removed_at", "held_at", "shared_post_id") WHERE "posts"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "posts_user_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_user_sort_idx" ON "posts" USING btree ("user_id","sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("removed_at", "held_at", "shared_post_id") WHERE "posts"."deleted_at" is null;--> statement-breakpoint
DROP INDEX "posts_event_sort_idx";--> statement-breakpoint
CREATE INDEX "posts_event_sort_idx" ON "posts" USING btree ("sort_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id", "removed_at", "held_at", "shared_post_id") WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;
