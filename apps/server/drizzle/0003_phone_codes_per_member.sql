CREATE TABLE "phone_codes" (
	"user_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_user_id_phone_number_pk" PRIMARY KEY("user_id","phone_number")
);
--> statement-breakpoint
DROP TABLE "phone_code_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Codes that better-auth's phone plugin kept per number: phone_codes replaces them, nothing reads them now.
DELETE FROM "verifications" WHERE "identifier" LIKE 'phone-number-otp-%';
