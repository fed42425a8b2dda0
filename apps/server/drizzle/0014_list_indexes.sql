DROP INDEX "event_details_from_date_idx";--> statement-breakpoint
CREATE INDEX "event_details_span_idx" ON "event_details" USING gist (tstzrange("from_date", "to_date", '[]'));--> statement-breakpoint
CREATE INDEX "posts_user_events_idx" ON "posts" USING btree ("user_id") WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "event_details_from_date_idx" ON "event_details" USING btree ("from_date","post_id");