-- Great-circle distances (docs/decisions/030-hauling-board.md): earthdistance on cube, both trusted extensions
-- shipped with PostgreSQL and PGlite. No index is built on ll_to_earth: its body names earth() unqualified,
-- which a restore (pg_restore runs with an empty search_path) cannot resolve.
CREATE EXTENSION IF NOT EXISTS cube SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance SCHEMA public;--> statement-breakpoint
CREATE TABLE "event_places" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "haul_booking_horses" (
	"booking_id" bigint NOT NULL,
	"horse_id" bigint NOT NULL,
	CONSTRAINT "haul_booking_horses_booking_id_horse_id_pk" PRIMARY KEY("booking_id","horse_id")
);
--> statement-breakpoint
CREATE TABLE "haul_bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"rider_id" text NOT NULL,
	"stalls" smallint NOT NULL,
	"pickup_place_id" integer,
	"pickup_address" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"conversation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haul_bookings_stalls_check" CHECK ("haul_bookings"."stalls" > 0)
);
--> statement-breakpoint
CREATE TABLE "haul_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"driver_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"run_id" bigint,
	"origin_place_id" integer NOT NULL,
	"depart_from" timestamp with time zone NOT NULL,
	"depart_until" timestamp with time zone NOT NULL,
	"arrive_performance_id" bigint,
	"arrive_by" timestamp with time zone NOT NULL,
	"stalls_total" smallint NOT NULL,
	"stalls_free" smallint NOT NULL,
	"stall_kind" text NOT NULL,
	"seats" smallint DEFAULT 0 NOT NULL,
	"tack_room" boolean DEFAULT false NOT NULL,
	"rate_type" text NOT NULL,
	"price" integer NOT NULL,
	"price_unit" text NOT NULL,
	"cap_per_horse" integer,
	"usdot_number" text,
	"mc_number" text,
	"insurance_expires_on" date,
	"booking_mode" text NOT NULL,
	"visibility" text NOT NULL,
	"detour_km" smallint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haul_offers_stalls_check" CHECK ("haul_offers"."stalls_free" >= 0 and "haul_offers"."stalls_free" <= "haul_offers"."stalls_total"),
	CONSTRAINT "haul_offers_professional_check" CHECK ("haul_offers"."rate_type" <> 'professional' or (("haul_offers"."usdot_number" is not null or "haul_offers"."mc_number" is not null) and "haul_offers"."insurance_expires_on" is not null)),
	CONSTRAINT "haul_offers_fill_check" CHECK ("haul_offers"."rate_type" <> 'fill' or "haul_offers"."cap_per_horse" is not null)
);
--> statement-breakpoint
CREATE TABLE "haul_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rider_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"origin_place_id" integer NOT NULL,
	"depart_from" timestamp with time zone NOT NULL,
	"depart_until" timestamp with time zone NOT NULL,
	"horses" smallint NOT NULL,
	"visibility" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "haul_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" bigint NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haul_reviews_rating_check" CHECK ("haul_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "haul_saved_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"event_id" bigint,
	"near_place_id" integer NOT NULL,
	"horses" smallint DEFAULT 1 NOT NULL,
	"rate_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "horses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"coggins_on" date,
	"health_certificate_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"region" text NOT NULL,
	"region_code" text NOT NULL,
	"country" text NOT NULL,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "haul_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "haul_booking_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "haul_id" bigint;--> statement-breakpoint
ALTER TABLE "event_places" ADD CONSTRAINT "event_places_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_places" ADD CONSTRAINT "event_places_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_booking_horses" ADD CONSTRAINT "haul_booking_horses_booking_id_haul_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."haul_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_booking_horses" ADD CONSTRAINT "haul_booking_horses_horse_id_horses_id_fk" FOREIGN KEY ("horse_id") REFERENCES "public"."horses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_bookings" ADD CONSTRAINT "haul_bookings_offer_id_haul_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."haul_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_bookings" ADD CONSTRAINT "haul_bookings_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_bookings" ADD CONSTRAINT "haul_bookings_pickup_place_id_places_id_fk" FOREIGN KEY ("pickup_place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_bookings" ADD CONSTRAINT "haul_bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_bookings" ADD CONSTRAINT "haul_bookings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_offers" ADD CONSTRAINT "haul_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_offers" ADD CONSTRAINT "haul_offers_event_id_posts_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_offers" ADD CONSTRAINT "haul_offers_origin_place_id_places_id_fk" FOREIGN KEY ("origin_place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_offers" ADD CONSTRAINT "haul_offers_arrive_performance_id_event_performances_id_fk" FOREIGN KEY ("arrive_performance_id") REFERENCES "public"."event_performances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_requests" ADD CONSTRAINT "haul_requests_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_requests" ADD CONSTRAINT "haul_requests_event_id_posts_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_requests" ADD CONSTRAINT "haul_requests_origin_place_id_places_id_fk" FOREIGN KEY ("origin_place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_reviews" ADD CONSTRAINT "haul_reviews_booking_id_haul_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."haul_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_reviews" ADD CONSTRAINT "haul_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_reviews" ADD CONSTRAINT "haul_reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_saved_searches" ADD CONSTRAINT "haul_saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_saved_searches" ADD CONSTRAINT "haul_saved_searches_event_id_posts_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haul_saved_searches" ADD CONSTRAINT "haul_saved_searches_near_place_id_places_id_fk" FOREIGN KEY ("near_place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "haul_booking_horses_horse_idx" ON "haul_booking_horses" USING btree ("horse_id");--> statement-breakpoint
CREATE INDEX "haul_bookings_offer_idx" ON "haul_bookings" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "haul_bookings_rider_idx" ON "haul_bookings" USING btree ("rider_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "haul_bookings_live_unique" ON "haul_bookings" USING btree ("offer_id","rider_id") WHERE "haul_bookings"."status" in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "haul_bookings_expiry_idx" ON "haul_bookings" USING btree ("expires_at") WHERE "haul_bookings"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "haul_bookings_late_idx" ON "haul_bookings" USING btree ("cancelled_by") WHERE "haul_bookings"."late";--> statement-breakpoint
CREATE INDEX "haul_offers_event_idx" ON "haul_offers" USING btree ("event_id","id") WHERE "haul_offers"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "haul_offers_driver_idx" ON "haul_offers" USING btree ("driver_id","id");--> statement-breakpoint
CREATE INDEX "haul_offers_open_arrive_idx" ON "haul_offers" USING btree ("arrive_by") WHERE "haul_offers"."closed_at" is null and "haul_offers"."stalls_free" > 0;--> statement-breakpoint
CREATE INDEX "haul_requests_event_idx" ON "haul_requests" USING btree ("event_id","id") WHERE "haul_requests"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "haul_requests_rider_idx" ON "haul_requests" USING btree ("rider_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "haul_reviews_booking_author_unique" ON "haul_reviews" USING btree ("booking_id","author_id");--> statement-breakpoint
CREATE INDEX "haul_reviews_subject_idx" ON "haul_reviews" USING btree ("subject_id","id");--> statement-breakpoint
CREATE INDEX "haul_saved_searches_user_idx" ON "haul_saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "haul_saved_searches_event_idx" ON "haul_saved_searches" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "horses_owner_idx" ON "horses" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "places_search_name_idx" ON "places" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_haul_unique" ON "moderation_cases" USING btree ("target_type","haul_id") WHERE "moderation_cases"."status" = 'open' and "moderation_cases"."haul_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_haul_user_unique" ON "reports" USING btree ("target_type","haul_id","user_id") WHERE "reports"."haul_id" is not null;