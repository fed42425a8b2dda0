CREATE TABLE "conversation_members" (
	"conversation_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"box" text DEFAULT 'inbox' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"cleared_message_id" bigint DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_members_box_check" CHECK ("conversation_members"."box" in ('inbox', 'requests'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'direct' NOT NULL,
	"pair_key" text,
	"started_by" text,
	"accepted_at" timestamp with time zone,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('direct'))
);
--> statement-breakpoint
CREATE TABLE "message_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"variant_widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender_id" text,
	"client_id" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_policy" text DEFAULT 'friends_of_friends' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_boxes_idx" ON "conversation_members" USING btree ("user_id","box","last_message_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST) WHERE "conversation_members"."listed";--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("user_id") WHERE "conversation_members"."listed" and "conversation_members"."unread_count" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("pair_key") WHERE "conversations"."pair_key" is not null;--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "message_images_message_position_unique" ON "message_images" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "message_images_storage_key_idx" ON "message_images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_unique" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_message_unique" ON "moderation_cases" USING btree ("message_id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_message_user_unique" ON "reports" USING btree ("message_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_message_policy_check" CHECK ("users"."message_policy" in ('everyone', 'friends_of_friends', 'friends', 'nobody'));