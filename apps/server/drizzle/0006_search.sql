-- Search (modules/search): members by name and events by title, matched by word prefix, whatever the accents
-- and case. unaccent is a trusted extension (any owner of the database may create it); its function is only
-- STABLE (it reads a dictionary that could change), so an index needs this IMMUTABLE wrapper that names its
-- dictionary and schema outright.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX "posts_event_title_search_idx" ON "posts" USING gin (to_tsvector('simple', immutable_unaccent("title"))) WHERE "posts"."kind" = 'event' and "posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin (to_tsvector('simple', immutable_unaccent("first_name" || ' ' || "last_name"))) WHERE "users"."deleted_at" is null and "users"."is_onboard" and "users"."phone_number_verified";